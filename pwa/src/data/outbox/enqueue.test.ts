/**
 * The one way into the outbox wakes a running sync engine, whatever is queued: a rating (which used to
 * be written straight into the table, so a running engine heard of it only at its next 30 s tick), a
 * closed watch stretch, a comment. Real Dexie schema over fake-indexeddb; the engine is a spy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rateVideo } from '../compass/ratings.ts'
import { db } from '../db.ts'
import { enqueue, onEnqueued } from './enqueue.ts'
import { startSyncTriggers, type SyncEngine } from './sync-engine.ts'

let triggers: ReturnType<typeof startSyncTriggers> | null = null

beforeEach(async () => {
  await db.outbox.clear()
  await db.records.clear()
  await db.videos.clear()
})

afterEach(() => {
  triggers?.stop()
  triggers = null
  onEnqueued(null)
  vi.useRealTimers()
})

/** A running engine (as outbox.ts starts it) whose flushes are counted. */
function runningEngine() {
  const flush = vi.fn(async () => {})
  triggers = startSyncTriggers({ flush } as SyncEngine, { intervalMs: 30_000, afterEnqueueMs: 300 })
  const started = triggers
  onEnqueued(() => started.enqueued())
  flush.mockClear() // the flush at start
  return flush
}

describe('enqueue', () => {
  it('a rating made while the engine runs is sent within a second, not at the next 30 s tick', async () => {
    const flush = runningEngine()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    await rateVideo(7, 4)
    vi.advanceTimersByTime(1_000)
    expect(flush).toHaveBeenCalledTimes(1)
    expect(await db.outbox.count()).toBe(1)
  })

  it('inside a transaction, wakes the engine only once the transaction has committed', async () => {
    const woken: number[] = []
    onEnqueued(() => woken.push(1))
    await db.transaction('rw', db.outbox, db.records, async (tx) => {
      await enqueue('comment', { videoId: 3, text: 'Hay quá' }, { tx })
      await db.records.put({ key: 'lastSyncAt', value: 1 })
      expect(woken).toEqual([])
    })
    expect(woken).toEqual([1])
  })

  it('with replace, drops the earlier waiting items it matches, and only those', async () => {
    await enqueue('comment', { videoId: 3, text: 'một' })
    await enqueue('comment', { videoId: 4, text: 'hai' })
    await enqueue('comment', { videoId: 3, text: 'ba' }, { replace: (earlier) => earlier.videoId === 3 })
    const texts = (await db.outbox.toArray()).map((item) => (item.payload as { text: string }).text).sort()
    expect(texts).toEqual(['ba', 'hai'])
  })
})
