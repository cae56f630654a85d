/**
 * `npm run build` (after the PWA): the server as JavaScript in dist/server, so production runs node on
 * plain files instead of compiling TypeScript at every start (tsx). One esbuild bundle per process and
 * tool, sharing chunks, with source maps (`node --enable-source-maps` prints stack traces in the .ts
 * files); packages stay in node_modules (better-sqlite3's native module, pino, the AWS SDK), only our
 * own code is bundled. The worker threads get files of their own (thread-entry.ts). Migrations, the PWA
 * and package.json are read from the deployed tree (code-root.ts), not copied.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { THREAD_FILES } from '../src/thread-entry.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
// `--outdir DIR` (inside the code's folder, so code-root.ts finds it): tests build a copy of their own.
const outdirArg = process.argv.indexOf('--outdir')
const outdir = path.resolve(root, outdirArg > 0 ? process.argv[outdirArg + 1]! : 'dist/server')

const entryPoints: Record<string, string> = {
  main: 'sync-server/src/main.ts',
  worker: 'sync-server/src/worker.ts',
  'db-copy': 'sync-server/src/db/copy-cli.ts',
  'media-copy': 'sync-server/src/storage/media-copy-cli.ts',
  'wait-ready': 'sync-server/src/wait-ready.ts',
  backup: 'sync-server/src/backup/backup-cli.ts',
  ...THREAD_FILES,
}

const started = performance.now()
// A stale chunk from an earlier build must not be imported by name by anything.
fs.rmSync(outdir, { recursive: true, force: true })
const result = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Names in stack traces and logs as in the source.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
})
const bytes = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js')).reduce((sum, [, output]) => sum + output.bytes, 0)
console.log(`server built into ${path.relative(root, outdir)}: ${Object.keys(entryPoints).length} entries, ${(bytes / 1024).toFixed(0)} KB of JavaScript, ${Math.round(performance.now() - started)} ms`)
