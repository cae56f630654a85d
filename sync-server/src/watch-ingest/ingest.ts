/**
 * The watch-event ingest for the engine in use, chosen once: on SQLite a worker thread with its own
 * connection and group commit (thread.ts), on PostgreSQL a transaction per batch over the pool
 * (pool-ingest.ts). Both run the same rules (store-batch.ts) and answer alike.
 */
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import type { IngestObserver } from '../metrics/metrics.ts'
import { lockingFor } from '../db/dialect/locking.ts'
import { createPostgresIngestStore } from './store.postgres.ts'
import type { Engine } from '../db/engine.ts'
import type { WatchEventsIngest } from './store.ts'
import { createIngestThread } from './thread.ts'
import { createPoolIngest } from './pool-ingest.ts'

export type { WatchEventsIngest } from './store.ts'

export function createWatchEventsIngest(
  database: Engine,
  deps: { dataDir: string; previewSeconds: number; clock: Clock; logger: Logger; observer?: IngestObserver },
): WatchEventsIngest {
  if (database.engine === 'postgres') {
    return createPoolIngest({ db: database.db, locking: lockingFor('postgres'), openStore: createPostgresIngestStore, ...deps })
  }
  return createIngestThread(deps)
}
