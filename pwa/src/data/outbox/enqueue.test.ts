/**
 * The one way into the outbox wakes a running sync engine, whatever is queued: a rating (which used to
 * be written straight into the table, so a running engine heard of it only at its next 30 s tick), a
 * closed watch stretch, a comment. Real Dexie schema over fake-indexeddb; the engine is a spy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rateVideo } from '../compass/ratings.ts'
import { db } from '../db.ts'
import { checkPayloadsWith, enqueue, onEnqueued } from './enqueue.ts'
import { payloadProblem } from './payload-checks.ts'
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

  it('once the engine’s chunk gave it the checks, refuses a payload that does not fit its kind, writing nothing and waking nothing', async () => {
    checkPayloadsWith(payloadProblem)
    const woken: number[] = []
    onEnqueued(() => woken.push(1))
    await expect(enqueue('rating', { video_id: 7, understood: 9 as never, occurred_at: 'now' })).rejects.toThrow(
      /enqueue\('rating'\): the payload does not fit its kind .*understood: .*occurred_at: /,
    )
    await expect(enqueue('comment', { text: 'Hay quá' } as never)).rejects.toThrow(TypeError)
    expect(await db.outbox.count()).toBe(0)
    expect(woken).toEqual([])
    checkPayloadsWith(null)
  })

  it('the engine’s module hands its checks to enqueue as it loads', async () => {
    await import('./outbox.ts')
    await expect(enqueue('outside_hours', { date: 'today', minutes: 30, type: 'talking' })).rejects.toThrow(/date: /)
    checkPayloadsWith(null)
  })

  it('with replace, drops the earlier waiting items it matches, and only those', async () => {
    await enqueue('comment', { videoId: 3, text: 'một' })
    await enqueue('comment', { videoId: 4, text: 'hai' })
    await enqueue('comment', { videoId: 3, text: 'ba' }, { replace: (earlier) => earlier.videoId === 3 })
    const texts = (await db.outbox.toArray()).map((item) => (item.payload as { text: string }).text).sort()
    expect(texts).toEqual(['ba', 'hai'])
  })
})
