/**
 * Numbers a person believes (issue 32): lengths of listening as "12 min" under an hour and "3 h 20 min"
 * above it (never "0.01 h"), and how long until the next roadmap level phrased in days, months or
 * years, estimated from the learner's daily goal until her own pace has a week of data. The words and
 * their plural forms come from i18next (watch:progress.span.*), so each language says it its own way.
 */
import type { TFunction } from 'i18next'
import { inputMinutes } from '../../data/progress/input-minutes.ts'

/** Whole minutes of listening, split for display: under an hour only minutes, else hours and minutes. */
export function splitMinutes(seconds: number): { hours: number; minutes: number } {
  const total = inputMinutes(seconds)
  return { hours: Math.floor(total / 60), minutes: total % 60 }
}

/** "12 min", "1 h", "3 h 20 min" in the UI language (watch namespace). */
export function formatListening(t: TFunction, seconds: number): string {
  const { hours, minutes } = splitMinutes(seconds)
  if (hours === 0) return t('progress.span.minutes', { ns: 'watch', count: minutes })
  if (minutes === 0) return t('progress.span.hours', { ns: 'watch', count: hours })
  return t('progress.span.hoursMinutes', { ns: 'watch', hours, minutes })
}

/** A count of days as days (under 60), else months (under two years), else years: "about 5 months". */
export function formatDays(t: TFunction, days: number): string {
  const whole = Math.max(1, Math.ceil(days))
  if (whole < 60) return t('progress.span.days', { ns: 'watch', count: whole })
  const months = Math.round(whole / 30.44)
  if (months < 24) return t('progress.span.months', { ns: 'watch', count: months })
  return t('progress.span.years', { ns: 'watch', count: Math.round(whole / 365.25) })
}

/** A week of the learner's own days before her pace is trusted over her daily goal. */
export const PACE_AFTER_DAYS = 7
const PACE_WINDOW = 30

/**
 * Days to gather `hoursNeeded` more hours, and on what the estimate rests: her own pace once her first
 * listening day is at least a week back (the mean over the days since then, at most the last 30),
 * else her daily goal. `days`: local days oldest first, the last one today. Null with neither.
 */
export function daysToNextLevel(
  hoursNeeded: number,
  days: ReadonlyArray<{ watch_seconds: number }>,
  dailyGoalMinutes: number,
): { days: number; basis: 'pace' | 'goal' } | null {
  const first = days.findIndex((day) => day.watch_seconds > 0)
  const span = first === -1 ? 0 : days.length - first
  if (span >= PACE_AFTER_DAYS) {
    const recent = days.slice(-Math.min(PACE_WINDOW, span))
    const perDay = recent.reduce((sum, day) => sum + day.watch_seconds, 0) / recent.length
    if (perDay > 0) return { days: Math.ceil((hoursNeeded * 3600) / perDay), basis: 'pace' }
  }
  if (dailyGoalMinutes > 0) return { days: Math.ceil((hoursNeeded * 60) / dailyGoalMinutes), basis: 'goal' }
  return null
}
