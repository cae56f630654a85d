/**
 * The watch-event ingest on SQLite, with group commit: batches that arrive together (many learners
 * syncing at once) are written in one transaction, at the end of the current turn of the event loop,
 * so the commit, a large share of an insert's cost, is paid once for all of them. Each batch runs in
 * its own savepoint, so a batch that fails is undone alone; answers go out only after the commit.
 *
 * The ingest thread (worker.ts) runs this on its own connection. The store answers
 * synchronously, so a whole group runs within one turn of the event loop: nothing else uses the
 * connection between its BEGIN and COMMIT, and BEGIN IMMEDIATE keeps other connections' writes out.
 *
 * Each batch first checks, inside the group's transaction, that its account still exists: an account
 * deleted on the main connection while the batch waited gets nothing written (AccountGoneError), since
 * the deletion's transaction and this one take turns (db/dialect/locking.ts, issue 29).
 */
import type { Db } from '../db/connection.ts'
import { createSqliteIngestStore } from './store.sqlite.ts'
import { createStoreBatch } from './store-batch.ts'
import type { CheckedWatchEvents } from './check-events.ts'
import type { IngestResult as Result, IngestUser as UserRow, WatchIngestStore } from './store.ts'

/** The batch's account was deleted before the batch's turn: nothing of it was stored. */
export class AccountGoneError extends Error {}

interface PendingBatch {
  user: UserRow
  checked: CheckedWatchEvents
  now: number
  resolve: (result: Result) => void
  reject: (error: unknown) => void
  result?: Result
  error?: unknown
  queuedAt: number
  timing?: BatchTiming
}

/** Filled in when the batch is committed, for the metrics: its wait for its group's turn, and the group's transaction. */
export interface BatchTiming {
  waitMs: number
  commitMs: number
}


/** `store` replaces the SQLite store (tests wrap it to fail on purpose). */
export function createSqliteIngest(db: Db, options: { previewSeconds: number; store?: (store: WatchIngestStore) => WatchIngestStore }) {
  const service = createStoreBatch({ previewSeconds: options.previewSeconds })
  const plain = createSqliteIngestStore(db)
  const store = options.store ? options.store(plain) : plain
  const stillThere = db.prepare<[number]>('SELECT 1 FROM users WHERE id = ? AND deleted_at IS NULL').pluck()
  let waiting: PendingBatch[] = []
  // Groups commit one after the other (a group normally ends within its turn; this keeps it so).
  let previous: Promise<void> = Promise.resolve()

  async function commitGroup(group: PendingBatch[]) {
    const began = performance.now()
    try {
      db.exec('BEGIN IMMEDIATE')
    } catch (error) {
      for (const pending of group) pending.reject(error)
      return
    }
    try {
      for (const pending of group) {
        db.exec('SAVEPOINT batch')
        try {
          if (stillThere.get(pending.user.id) === undefined) throw new AccountGoneError(`account ${pending.user.id} is deleted`)
          pending.result = await service.storeBatch(store, pending.user, pending.checked, pending.now)
          db.exec('RELEASE batch')
        } catch (error) {
          pending.error = error
          db.exec('ROLLBACK TO batch')
          db.exec('RELEASE batch')
        }
      }
      db.exec('COMMIT')
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK')
      for (const pending of group) pending.reject(error) // nothing of the group was stored
      return
    }
    const committed = performance.now()
    for (const pending of group) {
      if (pending.timing) {
        pending.timing.waitMs = began - pending.queuedAt
        pending.timing.commitMs = committed - began
      }
      if (pending.result) pending.resolve(pending.result)
      else pending.reject(pending.error)
    }
  }

  function commitWaiting() {
    const group = waiting
    waiting = []
    previous = previous.then(() => commitGroup(group))
  }

  return {
    /** Stores a batch checked by checkWatchEvents (with the others that arrive in the same turn); answers once committed. */
    store(user: UserRow, checked: CheckedWatchEvents, now: number, timing?: BatchTiming) {
      return new Promise<Result>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(commitWaiting)
        waiting.push({ user, checked, now, resolve, reject, queuedAt: performance.now(), timing })
      })
    },
  }
}
