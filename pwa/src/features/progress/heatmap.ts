/**
 * The year heatmap's layout and its text equivalent, from the progress days (`{date, watch_seconds,
 * goal_minutes, goal_met}`, oldest first, local days): weeks as columns, Monday first, as calendars
 * here are read; each day's shade by its minutes against that day's goal; and a summary per month.
 */
import { inputMinutes } from '../../data/progress/input-minutes.ts'

/** The grid's geometry in px: a square, the gap between squares, the weekday column, the month row. */
export const HEATMAP_CELL = 12
export const HEATMAP_GAP = 3
export const HEATMAP_LEFT = 30
export const HEATMAP_TOP = 16
/**
 * Room after the last week for a month's name that begins there: at 10px "Dec" is about 20px and
 * "thg 12" about 32px, wider than a week's column, and the SVG clipped it (issue 41 item 17).
 */
export const MONTH_LABEL_ROOM = 36

export function heatmapWidth(weekCount: number): number {
  return HEATMAP_LEFT + weekCount * (HEATMAP_CELL + HEATMAP_GAP) + MONTH_LABEL_ROOM
}

export interface HeatmapDay {
  date: string
  watch_seconds: number
  goal_minutes: number
  goal_met: boolean
}

export interface HeatmapCell extends HeatmapDay {
  minutes: number
  /** 0 nothing, 1..3 part of the goal, 4 the goal met. */
  level: 0 | 1 | 2 | 3 | 4
  /** 0 Monday … 6 Sunday. */
  weekday: number
}

/** Weeks, each seven slots Monday to Sunday; a slot before the first day or after the last is null. */
export type HeatmapWeek = Array<HeatmapCell | null>

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000

export function shade(minutes: number, goalMinutes: number, goalMet: boolean): HeatmapCell['level'] {
  if (goalMet) return 4
  if (minutes <= 0) return 0
  const goal = Math.max(1, goalMinutes)
  return minutes < goal / 3 ? 1 : minutes < (2 * goal) / 3 ? 2 : 3
}

export function heatmapWeeks(days: readonly HeatmapDay[]): HeatmapWeek[] {
  const weeks: HeatmapWeek[] = []
  let week: HeatmapWeek = []
  for (const day of days) {
    // 1970-01-01 was a Thursday: (n + 3) mod 7 is 0 on Mondays.
    const weekday = (((dayNumber(day.date) + 3) % 7) + 7) % 7
    if (week.length === 0) week = Array.from({ length: weekday }, () => null)
    const minutes = inputMinutes(day.watch_seconds)
    week.push({ ...day, minutes, weekday, level: shade(day.watch_seconds / 60, day.goal_minutes, day.goal_met) })
    if (week.length === 7) {
      weeks.push(week)
      week = []
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)])
  return weeks
}

export interface MonthSummary {
  /** YYYY-MM */
  month: string
  minutes: number
  daysWatched: number
  daysMet: number
}

export function monthSummaries(days: readonly HeatmapDay[]): MonthSummary[] {
  const months = new Map<string, MonthSummary>()
  for (const day of days) {
    const month = day.date.slice(0, 7)
    const summary = months.get(month) ?? { month, minutes: 0, daysWatched: 0, daysMet: 0 }
    summary.minutes += day.watch_seconds / 60
    if (day.watch_seconds > 0) summary.daysWatched += 1
    if (day.goal_met) summary.daysMet += 1
    months.set(month, summary)
  }
  return [...months.values()].map((summary) => ({ ...summary, minutes: inputMinutes(summary.minutes * 60) }))
}

export function yearTotals(days: readonly HeatmapDay[]) {
  return {
    hours: days.reduce((sum, day) => sum + day.watch_seconds, 0) / 3600,
    daysWatched: days.filter((day) => day.watch_seconds > 0).length,
    daysMet: days.filter((day) => day.goal_met).length,
  }
}
