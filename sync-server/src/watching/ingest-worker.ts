/**
 * The watch-event ingest, on a thread of its own (started by ingest-thread.ts). It opens its own
 * connection to the same SQLite file and stores batches that the main thread has parsed and checked,
 * with the same service as in-process: batches that arrive together still share one commit.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from '../db/connection.ts'
import { createCatalogueRepository } from '../repositories/catalogue.repository.ts'
import { createDailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import { createDailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import { createVideoProgressRepository } from '../repositories/video-progress.repository.ts'
import { createWatchCoverageRepository } from '../repositories/watch-coverage.repository.ts'
import { createWatchEventsRepository } from '../repositories/watch-events.repository.ts'
import { createWatchEventsService } from '../services/watch-events.service.ts'
import type { IngestReply, IngestRequest, IngestWorkerData } from './ingest-messages.ts'

const port = parentPort
if (!port) throw new Error('ingest-worker.ts runs as a worker thread')
const { dataDir, previewSeconds } = workerData as IngestWorkerData

const db = openDatabase(dataDir)
const service = createWatchEventsService({
  db,
  watchEvents: createWatchEventsRepository(db),
  watchCoverage: createWatchCoverageRepository(db),
  videoProgress: createVideoProgressRepository(db),
  dailyTotals: createDailyTotalsRepository(db),
  dailyGoals: createDailyGoalsRepository(db),
  catalogue: createCatalogueRepository(db),
  previewSeconds,
})

port.on('message', (message: IngestRequest | 'close') => {
  if (message === 'close') {
    db.close()
    port.close()
    return
  }
  service.store(message.user, message.checked, message.now).then(
    (result) => port.postMessage({ id: message.id, result } satisfies IngestReply),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies IngestReply),
  )
})
