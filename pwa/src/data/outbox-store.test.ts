import { Dexie, type EntityTable } from 'dexie'
import { describe, expect, it } from 'vitest'
import { createOutboxStore, type DeadLetter } from './outbox-store.ts'
import type { OutboxItem } from './sync-engine.ts'

function testDb() {
  const db = new Dexie(`outbox-test-${Math.random()}`) as Dexie & {
    outbox: EntityTable<OutboxItem, 'id'>
    deadLetters: EntityTable<DeadLetter, 'id'>
  }
  db.version(1).stores({ outbox: 'id, [kind+nextAttemptAt]', deadLetters: 'id, failedAt' })
  let lastSync = 0
  const store = createOutboxStore({
    outbox: db.outbox,
    deadLetters: db.deadLetters,
    saveLastSync: async (at) => void (lastSync = at),
    transaction: (tables, work) => db.transaction('rw', tables, work),
  })
  return { db, store, lastSync: () => lastSync }
}

const item = (id: string, kind: OutboxItem['kind'], nextAttemptAt = 0): OutboxItem => ({ id, kind, payload: {}, attempts: 0, nextAttemptAt, createdAt: 0 })

describe('the Dexie outbox store', () => {
  it('answers only the due items of a kind, up to the limit', async () => {
    const { db, store } = testDb()
    await db.outbox.bulkAdd([item('a', 'watch_event'), item('b', 'watch_event', 5000), item('c', 'comment'), item('d', 'watch_event', 10)])
    expect((await store.due('watch_event', 100, 10)).map((i) => i.id).sort()).toEqual(['a', 'd'])
    expect(await store.due('watch_event', 100, 1)).toHaveLength(1)
    expect((await store.due('comment', 100, 10)).map((i) => i.id)).toEqual(['c'])
  })

  it('moves rejected items to the dead letters with their reason, and reschedules others', async () => {
    const { db, store, lastSync } = testDb()
    await db.outbox.bulkAdd([item('a', 'feedback'), item('b', 'feedback')])
    await store.deadLetter([{ item: item('a', 'feedback'), error: 'Feedback must be at least 10 characters.' }])
    await store.retryLater([{ ...item('b', 'feedback'), attempts: 1 }], 9999)
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ id: 'b', attempts: 1, nextAttemptAt: 9999 })])
    expect(await db.deadLetters.toArray()).toEqual([expect.objectContaining({ id: 'a', error: 'Feedback must be at least 10 characters.' })])
    await store.recordSync(42)
    expect(lastSync()).toBe(42)
  })
})
