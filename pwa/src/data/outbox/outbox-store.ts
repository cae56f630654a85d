/**
 * The outbox and its dead letters in Dexie. Items are written here before the UI says "done"; the
 * sync engine reads what is due by the [kind+nextAttemptAt] index, and never holds a transaction open
 * across a network call.
 */
import type { EntityTable, Table } from 'dexie'
import type { DeadLetter, OutboxItem } from '../db.ts'
import type { OutboxStore } from './sync-engine.ts'

export type { DeadLetter }

export function createOutboxStore(tables: {
  outbox: EntityTable<OutboxItem, 'id'>
  deadLetters: EntityTable<DeadLetter, 'id'>
  /** Where the time of the last successful sync is kept. */
  saveLastSync: (at: number) => Promise<void>
  transaction: <T>(tables: Table[], work: () => Promise<T>) => Promise<T>
  /**
   * Written in the same transaction as the removal of items the server took (the goal bar's record of
   * sent watch seconds, data/progress/sent-watch.ts), on `tables`.
   */
  onDone?: { tables: Table[]; write: (items: OutboxItem[], at: number) => Promise<void> }
  /** Written before items are sent (when the goal bar's watch events were first sent). */
  onSend?: (items: OutboxItem[], at: number) => Promise<void>
}): OutboxStore {
  return {
    due: (kind, now, limit) =>
      tables.outbox.where('[kind+nextAttemptAt]').between([kind, 0], [kind, now], true, true).limit(limit).toArray(),
    sending: async (items, at) => tables.onSend?.(items, at),
    remove: (items, at) =>
      tables.transaction([tables.outbox, ...(tables.onDone?.tables ?? [])], async () => {
        await deleteIds(tables.outbox, items.map((item) => item.id))
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

/**
 * Takes `ids` out of the outbox, inside the caller's transaction. A backlog is sent oldest first, so a
 * batch the server took is nearly always every key between its least and greatest: then one range
 * delete instead of one IndexedDB request per item (a 500-event batch's removal: ~75 ms one by one,
 * which the whole flush waited on). Only when the range holds exactly those keys, none other (an item
 * of another kind or not yet due between them stays).
 */
async function deleteIds(outbox: EntityTable<OutboxItem, 'id'>, ids: string[]): Promise<void> {
  if (ids.length > 1) {
    // Strings compare by UTF-16 code units in IndexedDB, as in Array.prototype.sort.
    const sorted = [...new Set(ids)].sort()
    const range = outbox.where('id').between(sorted[0], sorted[sorted.length - 1], true, true)
    const present = (await range.primaryKeys()) as string[]
    if (present.length === sorted.length && present.every((key, i) => key === sorted[i])) {
      await range.delete()
      return
    }
  }
  await outbox.bulkDelete(ids)
}
