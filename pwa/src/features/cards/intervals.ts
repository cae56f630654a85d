/**
 * What each grade would do to a card, shown under its button as Anki does ("10 min", "3 d"): one step of
 * the contract's fold from the card's schedule now, and the span from now to that due time in words.
 */
import { stepCardSchedule, REVIEW_RATINGS, type CardSchedule, type ReviewRating } from '../../../../contract/card-schedule.ts'

export function nextDueByGrade(createdAt: number, schedule: CardSchedule, now: number): Record<ReviewRating, number> {
  const out = {} as Record<ReviewRating, number>
  for (const rating of REVIEW_RATINGS) out[rating] = stepCardSchedule(schedule, createdAt, { client_id: '', rating, reviewed_at: now }).due
  return out
}

/** A span as the grade buttons and the day's summary say it: the unit and its whole count. */
export function spanParts(ms: number): { unit: 'minute' | 'hour' | 'day' | 'month'; count: number } {
  const minutes = Math.max(1, Math.round(ms / 60_000))
  if (minutes < 60) return { unit: 'minute', count: minutes }
  const hours = Math.round(minutes / 60)
  if (hours < 24) return { unit: 'hour', count: hours }
  const days = Math.round(hours / 24)
  if (days < 31) return { unit: 'day', count: days }
  return { unit: 'month', count: Math.round(days / 30) }
}
