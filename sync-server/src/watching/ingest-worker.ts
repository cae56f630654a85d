/**
 * The watch-event ingest, on a thread of its own (started by ingest-thread.ts). It opens its own
 * connection to the same SQLite file and stores batches that the main thread has parsed and checked,
 * with the same rules as in-process: batches that arrive together still share one commit
 * (sqlite-ingest.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from '../db/connection.ts'
import type { IngestReply, IngestRequest, IngestWorkerData } from './ingest-messages.ts'
import { AccountGoneError, createSqliteIngest } from './sqlite-ingest.ts'

const port = parentPort
if (!port) throw new Error('ingest-worker.ts runs as a worker thread')
const { dataDir, previewSeconds } = workerData as IngestWorkerData

const db = openDatabase(dataDir)
const ingest = createSqliteIngest(db, { previewSeconds })

port.on('message', (message: IngestRequest | 'close') => {
  if (message === 'close') {
    db.close()
    port.close()
    return
  }
  ingest.store(message.user, message.checked, message.now).then(
    (result) => port.postMessage({ id: message.id, result } satisfies IngestReply),
    (error: unknown) =>
      port.postMessage(
        (error instanceof AccountGoneError
          ? { id: message.id, gone: true }
          : { id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }) satisfies IngestReply,
      ),
  )
})
