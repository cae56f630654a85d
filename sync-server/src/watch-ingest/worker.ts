/**
 * The watch-event ingest, on a thread of its own. thread.ts imports this module (a normal import, so
 * every tool sees the arrow) for its address and starts a worker thread on it; in that thread the
 * module opens its own connection to the same SQLite file and stores batches that the main thread has
 * parsed and checked, with the same rules as in-process: batches that arrive together still share one
 * commit (sqlite-ingest.ts). Imported on the main thread, it only names its address.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { openDatabase } from '../db/connection.ts'
import { INGEST_WORKER, type IngestReply, type IngestRequest, type IngestWorkerData } from './messages.ts'
import { AccountGoneError, createSqliteIngest } from './sqlite-ingest.ts'

/** Where the thread starts: this module. */
export const INGEST_WORKER_URL = import.meta.url

const started = isMainThread ? undefined : (workerData as Partial<IngestWorkerData> | undefined)
if (started?.role === INGEST_WORKER && parentPort) serve(parentPort, started as IngestWorkerData)

function serve(port: MessagePort, { dataDir, previewSeconds }: IngestWorkerData) {
  const db = openDatabase(dataDir)
  const ingest = createSqliteIngest(db, { previewSeconds })

  port.on('message', (message: IngestRequest | 'close') => {
    if (message === 'close') {
      db.close()
      port.close()
      return
    }
    const timing = { waitMs: 0, commitMs: 0 }
    ingest.store(message.user, message.checked, message.now, timing).then(
      (result) => port.postMessage({ id: message.id, result, ...timing } satisfies IngestReply),
      (error: unknown) =>
        port.postMessage(
          (error instanceof AccountGoneError
            ? { id: message.id, gone: true }
            : { id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }) satisfies IngestReply,
        ),
    )
  })
}
