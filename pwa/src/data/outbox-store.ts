/**
 * The outbox and its dead letters in Dexie. Items are written here before the UI says "done"; the
 * sync engine reads what is due by the [kind+nextAttemptAt] index, and never holds a transaction open
 * across a network call.
 */
import type { EntityTable, Table } from 'dexie'
import type { OutboxItem, OutboxStore } from './sync-engine.ts'

export interface DeadLetter extends OutboxItem {
  error: string
  failedAt: number
}

export function createOutboxStore(tables: {
  outbox: EntityTable<OutboxItem, 'id'>
  deadLetters: EntityTable<DeadLetter, 'id'>
  /** Where the time of the last successful sync is kept. */
  saveLastSync: (at: number) => Promise<void>
  transaction: <T>(tables: Table[], work: () => Promise<T>) => Promise<T>
  /**
   * Written in the same transaction as the removal of items the server took (the goal bar's record of
   * sent watch seconds, data/sent-watch.ts), on `tables`.
   */
  onDone?: { tables: Table[]; write: (items: OutboxItem[], at: number) => Promise<void> }
}): OutboxStore {
  return {
    due: (kind, now, limit) =>
      tables.outbox.where('[kind+nextAttemptAt]').between([kind, 0], [kind, now], true, true).limit(limit).toArray(),
    remove: (items, at) =>
      tables.transaction([tables.outbox, ...(tables.onDone?.tables ?? [])], async () => {
        await tables.outbox.bulkDelete(items.map((item) => item.id))
        await tables.onDone?.write(items, at)
      }),
    deadLetter: (list) =>
      tables.transaction([tables.outbox, tables.deadLetters], async () => {
        const failedAt = Date.now()
        await tables.deadLetters.bulkPut(list.map(({ item, error }) => ({ ...item, error, failedAt })))
        await tables.outbox.bulkDelete(list.map(({ item }) => item.id))
      }),
    retryLater: (items, nextAttemptAt) => tables.outbox.bulkPut(items.map((item) => ({ ...item, nextAttemptAt }))).then(() => undefined),
    recordSync: (at) => tables.saveLastSync(at),
  }
}
