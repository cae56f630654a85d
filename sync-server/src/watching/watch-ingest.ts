/**
 * The watch-event ingest for the engine in use, chosen once: on SQLite a worker thread with its own
 * connection and group commit (ingest-thread.ts), on PostgreSQL a transaction per batch over the pool
 * (pool-ingest.ts). Both run the same rules (services/watch-events.service.ts) and answer alike.
 */
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import { lockingFor } from '../db/dialect/locking.ts'
import { createPostgresIngestStore } from '../db/dialect/watch-ingest.postgres.ts'
import type { Engine } from '../db/engine.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { WatchEventsResultData } from '../services/watch-events.service.ts'
import { createIngestThread } from './ingest-thread.ts'
import { createPoolIngest } from './pool-ingest.ts'

export interface WatchEventsIngest {
  /** Stores a batch of events as sent by the outbox; answers once it is committed. */
  ingest(user: UserRow, events: readonly unknown[]): Promise<WatchEventsResultData>
  /**
   * Gets ready before the first batch (an API process calls it once listening): on SQLite the thread
   * starts, loading its code and opening its connection, which the first batch after a start would
   * otherwise wait for (300–450 ms); nothing to do on PostgreSQL. Tests leave it lazy.
   */
  warmUp(): void
  /** Lets the batches in flight finish, then refuses new ones. */
  close(): Promise<void>
}

export function createWatchEventsIngest(
  database: Engine,
  deps: { dataDir: string; previewSeconds: number; clock: Clock; logger: Logger },
): WatchEventsIngest {
  if (database.engine === 'postgres') {
    return createPoolIngest({ db: database.db, locking: lockingFor('postgres'), openStore: createPostgresIngestStore, ...deps })
  }
  return createIngestThread(deps)
}
