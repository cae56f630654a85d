import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { goalPercent, refreshDailyProgressAtStart, resetDailyProgress, useDailyProgress } from './daily-progress.ts'
import { localDay, msToNextLocalMidnight, startOfLocalDay } from './local-day.ts'

afterEach(() => {
  cleanup()
  resetDailyProgress()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('daily goal percent', () => {
  it('is whole, and never past 100', () => {
    expect(goalPercent({ daily_goal_minutes: 15, today_watch_seconds: 0 })).toBe(0)
    expect(goalPercent({ daily_goal_minutes: 15, today_watch_seconds: 450 })).toBe(50)
    expect(goalPercent({ daily_goal_minutes: 15, today_watch_seconds: 5_000 })).toBe(100)
    expect(goalPercent({ daily_goal_minutes: 0, today_watch_seconds: 10 })).toBe(0)
  })
})

describe('the local day', () => {
  it('names the day, finds its start and the time to the next midnight, in local time', () => {
    const late = new Date(2026, 11, 31, 23, 59, 30)
    expect(localDay(late)).toBe('2026-12-31')
    expect(startOfLocalDay('2026-12-31')).toBe(new Date(2026, 11, 31).getTime())
    expect(msToNextLocalMidnight(late)).toBe(30_000)
    expect(localDay(new Date(late.getTime() + 30_000))).toBe('2027-01-01')
  })
})

describe('the daily-progress answer', () => {
  it('carries the local day its request left on, not the one it arrived on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 5, 10, 23, 59, 59, 900))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        vi.setSystemTime(new Date(2026, 5, 11, 0, 0, 0, 100)) // the answer comes back after midnight
        return new Response(JSON.stringify({ daily_goal_minutes: 15, today_watch_seconds: 600, date: '2026-06-10' }))
      }),
    )
    const { result } = renderHook(() => useDailyProgress())
    await act(() => vi.waitFor(() => expect(result.current).not.toBeNull()))
    expect(result.current).toMatchObject({ today_watch_seconds: 600, day: '2026-06-10' })
  })

  it('asked at a signed-in start, is taken by the goal bar shown then, and asked again by a bar first shown later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 5, 10, 9, 0, 0))
    let watched = 60
    const fetch = vi.fn(async () => new Response(JSON.stringify({ daily_goal_minutes: 15, today_watch_seconds: (watched += 60), date: '2026-06-10' })))
    vi.stubGlobal('fetch', fetch)
    await refreshDailyProgressAtStart()
    const first = renderHook(() => useDailyProgress())
    expect(first.result.current).toMatchObject({ today_watch_seconds: 120 })
    expect(fetch).toHaveBeenCalledTimes(1)
    first.unmount()

    // A start on a page without the bar: the bar first shown a minute later asks for today's figure.
    await refreshDailyProgressAtStart()
    vi.setSystemTime(new Date(2026, 5, 10, 9, 1, 0))
    const later = renderHook(() => useDailyProgress())
    await act(() => vi.waitFor(() => expect(later.result.current).toMatchObject({ today_watch_seconds: 240 })))
    expect(fetch).toHaveBeenCalledTimes(3)
  })
})
