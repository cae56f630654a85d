/**
 * Today's watch time against the daily goal, from /me/daily_progress: fetched on load, every
 * DAILY_PROGRESS_REFRESH_MS, whenever the tab becomes visible again and when the device's time zone
 * turns out to differ from the one kept from last time. A failed refresh is logged and the bar keeps
 * its last values (spec section 8). Each answer carries the local day its request went out on (`day`),
 * so that after midnight offline the bar knows the figure is yesterday's, the time it left
 * (`requestedAt`), so that the bar knows which sent watch seconds the figure holds already, and the
 * time its answer came (`answeredAt`), after which no send that began can be in it (today-seconds.ts).
 */
import { useEffect, useSyncExternalStore } from 'react'
import { DAILY_PROGRESS_REFRESH_MS } from '../../../../contract/limits.ts'
import type { DailyProgress } from '../../../../contract/schemas/user.ts'
import { call } from '../api-call.ts'
import { onTimeZoneChange } from '../time-zone.ts'
import { localDay } from './local-day.ts'

/**
 * A daily-progress answer, the local day (`YYYY-MM-DD`) it was fetched for, when its request left and
 * when its answer came (epoch ms; missing in figures kept before it was, and in tests' figures).
 */
export type DayProgress = DailyProgress & { day: string; requestedAt: number; answeredAt?: number }

let progress: DayProgress | null = null
const listeners = new Set<() => void>()
/**
 * When a signed-in start asked before its first render (epoch ms): the bar's first mount within
 * START_ANSWER_FRESH_MS takes that answer rather than asking again; a later first mount (a start on a
 * page without the bar) asks as any mount does.
 */
let askedAtStart: number | null = null
const START_ANSWER_FRESH_MS = 10_000

/** Asked before the first render (app/first-paint.ts), so the goal bar is in it rather than pushing the page down after. */
export function refreshDailyProgressAtStart(): Promise<void> {
  askedAtStart = Date.now()
  return refreshDailyProgress()
}

export async function refreshDailyProgress(): Promise<void> {
  // The day the request left on: an answer arriving just after midnight counts as yesterday's (the
  // bar then shows too little for a minute, never yesterday's minutes as today's).
  const requestedAt = Date.now()
  const day = localDay(new Date(requestedAt))
  try {
    const answer = await call('me.dailyProgress')
    // Answers may cross: an older request's answer must not replace a newer one's.
    if (progress && progress.requestedAt > requestedAt) return
    progress = { ...answer, day, requestedAt, answeredAt: Date.now() }
    for (const listener of listeners) listener()
  } catch (error) {
    console.warn('Could not refresh daily progress', error)
  }
}

export function resetDailyProgress(): void {
  progress = null
  askedAtStart = null
  for (const listener of listeners) listener()
}

/** Percent of the goal watched today, whole, capped at 100. */
export function goalPercent(value: Pick<DailyProgress, 'daily_goal_minutes' | 'today_watch_seconds'>): number {
  if (value.daily_goal_minutes <= 0) return 0
  return Math.min(100, Math.floor((value.today_watch_seconds / 60 / value.daily_goal_minutes) * 100))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Subscribes to today's progress and keeps it fresh while mounted. */
export function useDailyProgress(): DayProgress | null {
  useEffect(() => {
    const takesStartAnswer = askedAtStart !== null && Date.now() - askedAtStart < START_ANSWER_FRESH_MS
    askedAtStart = null
    if (!takesStartAnswer) void refreshDailyProgress()
    const timer = setInterval(() => void refreshDailyProgress(), DAILY_PROGRESS_REFRESH_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshDailyProgress()
    }
    document.addEventListener('visibilitychange', onVisible)
    // A start sends the zone kept from last time; a phone that crossed a border has another "today".
    const stopZone = onTimeZoneChange(() => void refreshDailyProgress())
    return () => {
      stopZone()
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])
  return useSyncExternalStore(subscribe, () => progress, () => null)
}
