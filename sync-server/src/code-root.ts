/**
 * The folder the code was deployed to (the one holding package.json), found from this module's own
 * address. The server runs either as TypeScript under tsx (this file in sync-server/src/) or as the built
 * bundle (dist/server/, where every module shares its chunk's address), so a path written relative to one
 * file would be right in only one of the two: paths to the PWA, the migrations and package.json start here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'sync-server'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json with sync-server/ beside it above ${start}`)
  }
}

export const CODE_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)))

/** True when this module runs from the built bundle (dist/server), not from the TypeScript source. */
export const RUNNING_BUILT = !import.meta.url.endsWith('.ts')
