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

  it('takes out exactly the items the server answered for, whether or not others lie between them', async () => {
    const { db, store } = testDb()
    const ids = Array.from({ length: 8 }, (_, i) => `0190-${i}`)
    await db.outbox.bulkAdd([
      ...ids.map((id) => item(id, 'watch_event')),
      item('0189-before', 'watch_event'),
      item('0191-after', 'watch_event'),
    ])
    // A run with nothing else between its first and last key.
    await store.remove(ids.slice(0, 4).map((id) => item(id, 'watch_event')), 1)
    expect((await db.outbox.toCollection().primaryKeys()).sort()).toEqual(['0189-before', ...ids.slice(4), '0191-after'])

    // A comment, and an event the server did not answer for, between the answered ones: both stay.
    await db.outbox.add(item('0190-5a', 'comment'))
    await store.remove([ids[4], ids[6], ids[7]].map((id) => item(id, 'watch_event')), 2)
    expect((await db.outbox.toCollection().primaryKeys()).sort()).toEqual(['0189-before', ids[5], '0190-5a', '0191-after'])

    // An answered item already gone (another tab's flush took it), as many items between its neighbours
    // as were answered, but not the same ones: only the answered one still there goes.
    await store.remove([item('0190-0', 'watch_event'), item('0190-5a', 'comment')], 3)
    expect((await db.outbox.toCollection().primaryKeys()).sort()).toEqual(['0189-before', ids[5], '0191-after'])
  })
})
