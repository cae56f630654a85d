/** The goal bar's "today" across local midnight, offline (real Dexie schema over fake-indexeddb, a fake clock). */
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../db.ts'
import { createOutboxStore } from '../outbox/outbox-store.ts'
import { recordSendStart, recordSends } from './sent-watch.ts'
import type { DayProgress } from './daily-progress.ts'
import { msToNextLocalMidnight } from './local-day.ts'
import { useLastDailyProgress, useTodayWatchSeconds } from './today-seconds.ts'

/** What GoalBar reads: the last server figure for today, plus today's unsent events. */
function useGoal(server: DayProgress | null) {
  const last = useLastDailyProgress(server)
  return { last, seconds: useTodayWatchSeconds(last ?? { today_watch_seconds: 0 }) }
}

function unsent(id: string, at: Date, watched_seconds: number) {
  const payload = { position_from: 0, position_to: watched_seconds, watched_seconds, playback_rate: 1, occurred_at: at.toISOString() }
  return db.outbox.put({ id, kind: 'watch_event', payload, attempts: 0, nextAttemptAt: 0, createdAt: at.getTime() })
}

/**
 * Lets IndexedDB and live queries answer until `check` passes. testing-library's waitFor waits on the
 * faked setTimeout, so this yields with setImmediate (left real), and moves the clock 1 ms a turn for
 * Dexie's zero-delay timers (the fake clock puts one set during a tick 1 ms later).
 */
async function until(check: () => void): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return check()
    } catch (error) {
      if (tries > 500) throw error
    }
    await act(async () => {
      vi.advanceTimersByTime(1)
      await new Promise<void>((resolve) => setImmediate(resolve))
    })
  }
}

const LATE = new Date(2026, 5, 10, 23, 50) // local time, 10 minutes before midnight
const figure: DayProgress = { daily_goal_minutes: 15, today_watch_seconds: 600, date: '2026-06-10', day: '2026-06-10', requestedAt: LATE.getTime() - 60_000 }

beforeEach(async () => {
  // Only timers and the clock: fake-indexeddb schedules its work with setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(LATE)
  await db.outbox.clear()
  await db.records.clear()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the goal bar at local midnight, offline', () => {
  it("drops yesterday's server figure and unsent events, then counts today's", async () => {
    await unsent('w1', new Date(2026, 5, 10, 23, 45), 30)
    const { result } = renderHook(() => useGoal(figure))
    await until(() => expect(result.current.seconds).toBe(630))

    // No answer from the server arrives (offline); the clock passes midnight.
    act(() => void vi.advanceTimersByTime(10 * 60_000))
    await until(() => expect(result.current.seconds).toBe(0))
    expect(result.current.last).toMatchObject({ daily_goal_minutes: 15, today_watch_seconds: 0 })

    // Watching after midnight moves the bar from zero.
    vi.setSystemTime(new Date(2026, 5, 11, 0, 5))
    await act(() => unsent('w2', new Date(2026, 5, 11, 0, 4), 20))
    await until(() => expect(result.current.seconds).toBe(20))
  })

  it('keeps the same figure between renders of the new day', async () => {
    const { result, rerender } = renderHook(() => useGoal(figure))
    await until(() => expect(result.current.seconds).toBe(600))
    act(() => void vi.advanceTimersByTime(10 * 60_000))
    await until(() => expect(result.current.seconds).toBe(0))
    const zeroed = result.current.last
    rerender()
    expect(result.current.last).toBe(zeroed)
  })

  it("after an offline reload on a later day, the kept figure is not today's", async () => {
    await db.records.put({ key: 'dailyProgress', value: figure })
    vi.setSystemTime(new Date(2026, 5, 11, 8, 0))
    await unsent('w1', new Date(2026, 5, 10, 23, 45), 30)
    await unsent('w2', new Date(2026, 5, 11, 7, 59), 45)
    const { result } = renderHook(() => useGoal(null))
    await until(() => expect(result.current.last).toMatchObject({ daily_goal_minutes: 15, today_watch_seconds: 0 }))
    await until(() => expect(result.current.seconds).toBe(45))
  })

  it('arms one timer for the next midnight, not a poll', async () => {
    const { result } = renderHook(() => useGoal(figure))
    await until(() => expect(result.current.seconds).toBe(600))
    act(() => void vi.advanceTimersByTime(msToNextLocalMidnight() - 1))
    expect(result.current.seconds).toBe(600)
    act(() => void vi.advanceTimersByTime(1))
    await until(() => expect(result.current.seconds).toBe(0))
  })
})

describe('the goal bar while a video plays', () => {
  it('counts the stretch still being watched, and neither doubles nor drops it when it closes', async () => {
    const { createStretchKeeper } = await import('./open-stretches.ts')
    const keep = createStretchKeeper(3)
    const stretch = (watched: number) => ({ position_from: 0, position_to: watched, watched_seconds: watched, playback_rate: 1, occurred_at: LATE.toISOString() })
    const { result } = renderHook(() => useGoal(figure))
    await until(() => expect(result.current.seconds).toBe(600))
    await act(() => keep({ id: 's1', open: true, stretch: stretch(12) }))
    await until(() => expect(result.current.seconds).toBe(612))
    await act(() => keep({ id: 's1', open: false, stretch: stretch(13) }))
    await until(() => expect(result.current.seconds).toBe(613))
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('the goal bar across a flush whose refresh is lost', () => {
  // The app's outbox store: removing sent items records their seconds in the same transaction.
  const store = createOutboxStore({
    outbox: db.outbox,
    deadLetters: db.deadLetters,
    saveLastSync: async () => undefined,
    transaction: (tables, work) => db.transaction('rw', tables, work),
    onDone: { tables: [db.records], write: recordSends },
  })

  it('keeps the sent seconds through an offline reload, and drops them once a newer figure holds them', async () => {
    await db.records.put({ key: 'dailyProgress', value: figure })
    await unsent('w1', new Date(2026, 5, 10, 23, 48), 30)
    const first = renderHook(() => useGoal(figure))
    await until(() => expect(first.result.current.seconds).toBe(630))

    // The send is answered; the refresh that would follow never arrives (offline).
    const sentItems = await db.outbox.toArray()
    await act(() => store.remove(sentItems, Date.now()))
    await until(() => expect(first.result.current.seconds).toBe(630))
    expect(await db.outbox.count()).toBe(0)
    first.unmount()

    // Offline reload: no server answer, only what the device kept.
    const reloaded = renderHook(() => useGoal(null))
    await until(() => expect(reloaded.result.current.seconds).toBe(630))
    reloaded.unmount()

    // Back online: the new figure (requested after the send) holds the 30 s; the bar does not double them.
    vi.advanceTimersByTime(1_000)
    const fresh: DayProgress = { ...figure, today_watch_seconds: 630, requestedAt: Date.now() }
    const online = renderHook(() => useGoal(fresh))
    await until(() => expect(online.result.current.seconds).toBe(630))
    // Keeping the new figure prunes the sends it holds.
    let kept: unknown
    await until(() => {
      void db.records.get('sentWatch').then((record) => (kept = record?.value))
      expect(kept).toEqual([])
    })
  })
})

describe('the goal bar after a page left in the middle of a send', () => {
  // The app's outbox store: the send start noted before the request leaves, the removal with the sent record.
  const store = createOutboxStore({
    outbox: db.outbox,
    deadLetters: db.deadLetters,
    saveLastSync: async () => undefined,
    transaction: (tables, work) => db.transaction('rw', tables, work),
    onDone: { tables: [db.records], write: recordSends },
    onSend: recordSendStart,
  })

  it('never counts the seconds the server already holds twice, before or after the resend, and counts new ones', async () => {
    const answered = { ...figure, answeredAt: figure.requestedAt + 200 }
    await unsent('w1', new Date(2026, 5, 10, 23, 48), 30)
    const first = renderHook(() => useGoal(answered))
    await until(() => expect(first.result.current.seconds).toBe(630))

    // The send leaves (its start noted first); the server stores the 30 s; the page goes before the
    // outbox's removal commits: w1 is still in the outbox.
    vi.advanceTimersByTime(1_000)
    const leaving = await db.outbox.toArray()
    await act(() => store.sending!(leaving, Date.now()))
    await until(() => expect(first.result.current.seconds).toBe(630))
    first.unmount()

    // The next page: the server's figure holds the 30 s, and the outbox still has them.
    vi.advanceTimersByTime(1_000)
    const next: DayProgress = { ...figure, today_watch_seconds: 630, requestedAt: Date.now() - 100, answeredAt: Date.now() }
    const page = renderHook(() => useGoal(next))
    await until(() => expect(page.result.current.seconds).toBe(630))
    expect(await db.outbox.count()).toBe(1)

    // The resend: its start stays the first one; the server answers duplicate and w1 leaves the outbox.
    vi.advanceTimersByTime(1_000)
    const resent = await db.outbox.toArray()
    await act(() => store.sending!(resent, Date.now()))
    await until(() => expect(page.result.current.seconds).toBe(630))
    await act(() => store.remove(resent, Date.now()))
    await until(() => expect(page.result.current.seconds).toBe(630))
    expect(await db.outbox.count()).toBe(0)

    // What is watched since counts as always, in the outbox and once sent.
    await act(() => unsent('w2', new Date(), 10))
    await until(() => expect(page.result.current.seconds).toBe(640))
    vi.advanceTimersByTime(1_000)
    const fresh = await db.outbox.toArray()
    await act(() => store.sending!(fresh, Date.now()))
    await act(() => store.remove(fresh, Date.now()))
    await until(() => expect(page.result.current.seconds).toBe(640))
    expect((await db.records.get('watchSendStarts'))?.value).toEqual([])
  })
})
