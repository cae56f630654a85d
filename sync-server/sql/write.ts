/** Writes the rendered SQL of every repository (render.ts) into sync-server/sql, removing files of repositories gone. */
import fs from 'node:fs'
import path from 'node:path'
import { checkedIn, renderAll, SQL_DIR } from './render.ts'

const rendered = await renderAll()
for (const file of checkedIn().keys()) if (!rendered.has(file)) fs.rmSync(path.join(SQL_DIR, file))
for (const [file, text] of rendered) fs.writeFileSync(path.join(SQL_DIR, file), text)
console.log(`Wrote ${rendered.size} files in ${path.relative(process.cwd(), SQL_DIR) || '.'}`)
