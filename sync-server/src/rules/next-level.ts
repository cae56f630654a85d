/**
 * The next roadmap level (contract/roadmap.ts) from total input, and when the learner gets there at
 * their recent pace: hours still needed (one decimal, rounded up so "0 h" is never shown early) and
 * whole days at the mean daily input of the pace window (rounded up), or null without any input then.
 */
import { ROADMAP_LEVELS } from '../../../contract/index.ts'

export const PACE_DAYS = 30

export function nextLevel(totalInputSeconds: number, inputSecondsInPaceWindow: number): { level: number; hours_needed: number; days_at_current_pace: number | null } | null {
  const hours = totalInputSeconds / 3600
  const next = ROADMAP_LEVELS.find((level) => level.fromHours > hours)
  if (!next) return null
  const secondsNeeded = next.fromHours * 3600 - totalInputSeconds
  const perDay = inputSecondsInPaceWindow / PACE_DAYS
  return {
    level: next.level,
    hours_needed: Math.ceil((secondsNeeded / 3600) * 10) / 10,
    days_at_current_pace: perDay > 0 ? Math.ceil(secondsNeeded / perDay) : null,
  }
}
