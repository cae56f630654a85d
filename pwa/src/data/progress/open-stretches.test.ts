/** The running stretch kept as it grows, and closed once: by its page, or at the next start if the page died. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StretchUpdate } from './watch-stretch.ts'
import { db } from '../db.ts'
import { closeAbandonedStretches, createStretchKeeper } from './open-stretches.ts'

/** Web Locks as one browser has them: `die()` drops the locks of the pages that held them, as a crash does. */
function fakeLocks() {
  const held = new Set<string>()
  const locks = {
    async request(name: string, ...args: unknown[]) {
      const callback = args.at(-1) as (lock: { name: string } | null) => Promise<unknown>
      const options = (args.length === 2 ? args[0] : {}) as { ifAvailable?: boolean }
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null)
        throw new Error('this fake does not queue')
      }
      held.add(name)
      try {
        return await callback({ name })
      } finally {
        held.delete(name)
      }
    },
  }
  return { locks, die: () => held.clear() }
}

const stretch = (watched: number, at = '2026-11-22T10:00:00.000Z') => ({
  position_from: 0,
  position_to: watched,
  watched_seconds: watched,
  playback_rate: 1,
  occurred_at: at,
})
const open = (id: string, watched: number): StretchUpdate => ({ id, open: true, stretch: stretch(watched) })
const closed = (id: string, watched: number | null): StretchUpdate => ({ id, open: false, stretch: watched === null ? null : stretch(watched) })

const outbox = () => db.outbox.toArray()
const kept = () => db.records.where('key').startsWith('stretch:').toArray()

let browser: ReturnType<typeof fakeLocks>

beforeEach(async () => {
  browser = fakeLocks()
  Object.defineProperty(navigator, 'locks', { value: browser.locks, configurable: true })
  await db.outbox.clear()
  await db.records.clear()
})

afterEach(() => {
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true })
  vi.useRealTimers()
})

describe('the running stretch', () => {
  it('is kept as it grows, under its client_id, and is not in the outbox while open', async () => {
    const keep = createStretchKeeper(7)
    await keep(open('s1', 0.5))
    await keep(open('s1', 1))
    await keep(open('s1', 1.5))
    expect(await outbox()).toEqual([])
    expect(await kept()).toEqual([{ key: 'stretch:s1', value: { event: { ...stretch(1.5), video_id: 7 }, savedAt: expect.any(Number) } }])
  })

  it('goes to the outbox once closed, with its final figures, and asks for a flush', async () => {
    const flush = vi.fn()
    const keep = createStretchKeeper(7, flush)
    void keep(open('s1', 0.5))
    await keep(closed('s1', 4.2))
    expect(await kept()).toEqual([])
    expect(await outbox()).toEqual([expect.objectContaining({ id: 's1', kind: 'watch_event', payload: { ...stretch(4.2), video_id: 7 } })])
    expect(flush).toHaveBeenCalledTimes(1)
  })

  it('closed too short to count after being kept, it is dropped', async () => {
    const keep = createStretchKeeper(7)
    await keep(open('s1', 0.5))
    await keep(closed('s1', null))
    expect(await kept()).toEqual([])
    expect(await outbox()).toEqual([])
  })

  it('a stretch cleared away while open (sign-out) is neither brought back nor sent', async () => {
    const keep = createStretchKeeper(7)
    await keep(open('s1', 0.5))
    await db.records.clear()
    await keep(open('s1', 1))
    await keep(closed('s1', 2))
    expect(await kept()).toEqual([])
    expect(await outbox()).toEqual([])
  })
})

describe('a page that died mid-stretch', () => {
  it('another tab starting while the page lives leaves its stretch alone', async () => {
    const keep = createStretchKeeper(7)
    await keep(open('s1', 3))
    expect(await closeAbandonedStretches()).toBe(0)
    expect(await outbox()).toEqual([])
    expect(await kept()).toHaveLength(1)
  })

  it('the next start sends it as last kept, once, however many tabs start', async () => {
    const keep = createStretchKeeper(7)
    await keep(open('s1', 24.5))
    browser.die() // killed: no close, no pagehide
    const [first, second] = await Promise.all([closeAbandonedStretches(), closeAbandonedStretches()])
    expect(first + second).toBe(1)
    expect(await closeAbandonedStretches()).toBe(0)
    expect(await kept()).toEqual([])
    expect(await outbox()).toEqual([expect.objectContaining({ id: 's1', payload: { ...stretch(24.5), video_id: 7 }, nextAttemptAt: expect.any(Number) })])
  })

  it('without Web Locks, a stretch not kept for a minute is taken for abandoned, a fresh one is not', async () => {
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true })
    const keep = createStretchKeeper(7)
    await keep(open('old', 10))
    const savedAt = Date.now()
    await keep(open('fresh', 2))
    await db.records.update('stretch:old', { value: { event: { ...stretch(10), video_id: 7 }, savedAt: savedAt - 61_000 } })
    expect(await closeAbandonedStretches(savedAt)).toBe(1)
    expect((await outbox()).map((item) => item.id)).toEqual(['old'])
    expect((await kept()).map((record) => record.key)).toEqual(['stretch:fresh'])
  })
})
