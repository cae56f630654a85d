/**
 * The watch-event ingest on PostgreSQL: on the main thread over the pool (the driver is asynchronous
 * anyway, and the database does the work on its own cores). Each batch is checked here, then stored in
 * a transaction of its own, under a lock on the user's rows (db/dialect/locking.ts): requests of the
 * same learner take turns, so every event is stored once ((user_id, client_id) is unique besides) and
 * every second of covered time and of the day totals counts once, however many arrive together;
 * different learners' batches run side by side on the pool's connections.
 */
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import type { Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { createKyselyIngestStore } from './store.kysely.ts'
import { createStoreBatch } from './store-batch.ts'
import { checkWatchEvents } from './check-events.ts'
import type { IngestObserver } from '../metrics/metrics.ts'
import type { IngestResult as Result, IngestUser as UserRow, WatchEventsIngest, WatchIngestStore } from './store.ts'

/** Deadlock and serialization failures: the transaction did nothing and is run again. */
const RETRYABLE = new Set(['40P01', '40001'])
const ATTEMPTS = 3

/**
 * `openStore`: the store over a batch's transaction; PostgreSQL's reads ahead and writes in one
 * statement (watch-ingest/store.postgres.ts), the Kysely repository elsewhere (the tests on SQLite).
 */
export function createPoolIngest(deps: {
  db: Kysely<Database>
  locking: Locking
  previewSeconds: number
  clock: Clock
  logger: Logger
  openStore?: (trx: Kysely<Database>) => WatchIngestStore
  observer?: IngestObserver
}): WatchEventsIngest {
  const openStore = deps.openStore ?? createKyselyIngestStore
  const service = createStoreBatch({ previewSeconds: deps.previewSeconds })
  const inFlight = new Set<Promise<Result>>()
  let closed = false

  async function store(user: UserRow, events: readonly unknown[]): Promise<Result> {
    const now = deps.clock.now()
    const checked = checkWatchEvents(events, { now, timeZone: user.time_zone })
    const queuedAt = performance.now()
    for (let attempt = 1; ; attempt++) {
      try {
        let locked = 0
        const result = await deps.db.transaction().execute(async (trx) => {
          await deps.locking.lockUserRows(trx, user.id)
          locked = performance.now()
          return service.storeBatch(openStore(trx), user, checked, now)
        })
        // Waiting: a pool connection and the learner's lock; the transaction: from holding it to the commit.
        deps.observer?.batch(events.length, (locked - queuedAt) / 1000, (performance.now() - locked) / 1000)
        return result
      } catch (error) {
        const code = (error as { code?: string }).code
        if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error
        deps.logger.warn({ err: error, attempt }, 'watch-event batch retried')
      }
    }
  }

  return {
    // The pool is ready as it is.
    warmUp() {},

    /** Stores a batch in its own transaction and answers once it is committed. */
    ingest(user: UserRow, events: readonly unknown[]): Promise<Result> {
      if (closed) return Promise.reject(new Error('the watch-event ingest is closed'))
      const answer = store(user, events)
      inFlight.add(answer)
      const done = () => inFlight.delete(answer)
      answer.then(done, done)
      return answer
    },
    /** Lets the batches in flight finish. */
    async close() {
      closed = true
      await Promise.allSettled([...inFlight])
    },
  }
}
