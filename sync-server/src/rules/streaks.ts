/**
 * Streaks. A day counts when its watch time reached the goal in force that day (kept per day, so
 * raising the goal today does not rewrite history). The current streak runs back from today when
 * today's goal is met, else from yesterday: an unfinished today never breaks a streak before it ends.
 */
export interface DayTotal {
  day: string // YYYY-MM-DD
  watch_seconds: number
  goal_minutes: number
}

export const goalMet = (day: DayTotal) => day.watch_seconds >= day.goal_minutes * 60

/** The calendar day before `day` (YYYY-MM-DD), computed in UTC so no zone shifts it. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - 1)
  return date.toISOString().slice(0, 10)
}

export function streaks(days: readonly DayTotal[], today: string): { current: number; longest: number } {
  const met = new Set(days.filter(goalMet).map((d) => d.day))
  let current = 0
  let cursor = met.has(today) ? today : previousDay(today)
  while (met.has(cursor)) {
    current++
    cursor = previousDay(cursor)
  }
  let longest = 0
  let run = 0
  let last: string | undefined
  for (const day of [...met].sort()) {
    run = last !== undefined && previousDay(day) === last ? run + 1 : 1
    longest = Math.max(longest, run)
    last = day
  }
  return { current, longest: Math.max(longest, current) }
}
