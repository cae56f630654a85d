/**
 * Reviews per local day as the progress page shows them: the server's `reviews_by_day` plus this
 * device's reviews it has not heard of yet (still in the outbox), so a review made offline counts at once.
 */
import { db } from '../db.ts'
import { localDay } from '../progress/local-day.ts'
import { useLiveData } from '../use-live-data.ts'
import type { ReviewPayload } from './card-types.ts'

export interface ReviewDay {
  date: string
  count: number
}

async function unsentByDay(): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const item of await db.outbox.where('kind').equals('reviews').toArray()) {
    const day = localDay(new Date((item.payload as ReviewPayload).reviewed_at))
    counts.set(day, (counts.get(day) ?? 0) + 1)
  }
  return counts
}

const NONE = new Map<string, number>()

/** The days given (the progress's), each with the server's count and the unsent ones of that day. */
export function useReviewsByDay(days: readonly string[], server: readonly ReviewDay[] | undefined): ReviewDay[] {
  const unsent = useLiveData(unsentByDay, [], NONE)
  const known = new Map((server ?? []).map((day) => [day.date, day.count]))
  return days.map((date) => ({ date, count: (known.get(date) ?? 0) + (unsent.get(date) ?? 0) }))
}
