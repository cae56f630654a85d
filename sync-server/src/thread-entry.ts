/**
 * How a worker thread starts, in either form of the server. Under tsx, Node 20 does not hand the main
 * thread's loader hooks (`--import tsx`) to a worker, so a small script registers tsx first and then
 * imports the TypeScript module; in the built server (sync-server/build/build-server.ts) each thread's
 * module is a JavaScript file of its own beside the bundle, imported as it is.
 */
import { RUNNING_BUILT } from './code-root.ts'

/** The built file of each thread, beside main.js in dist/server; the build takes its entries from here. */
export const THREAD_FILES = {
  'watch-ingest-worker': 'sync-server/src/watch-ingest/worker.ts',
  'caption-prepare-worker': 'sync-server/src/captions/prepare-worker.ts',
  'caption-write-worker': 'sync-server/src/captions/write-worker.ts',
} as const

/** The `eval` script for `new Worker(script, { eval: true })` that starts the thread's module. */
export function threadBoot(sourceUrl: string, built: keyof typeof THREAD_FILES): string {
  if (RUNNING_BUILT) return `import(${JSON.stringify(new URL(`./${built}.js`, import.meta.url).href)})`
  const tsx = import.meta.resolve('tsx/esm/api')
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(sourceUrl)}) })`
}
