/**
 * A card's schedule on the device: the contract's fold (contract/card-schedule.ts), never a copy of it.
 * Before the server has answered for the card, the fold of this device's reviews from its creation;
 * after, the server's schedule (which holds every device's reviews it has) stepped with this device's
 * reviews that come after it, in the fold's order. Once both devices have synced and pulled, each holds
 * the server's fold of all the reviews: the same schedule.
 */
import { comesAfter, foldCardReviews, newCardSchedule, sortReviews, stepCardSchedule, type CardSchedule } from '../../../../contract/card-schedule.ts'
import type { LocalReview } from './card-types.ts'

const asScheduleReview = (review: LocalReview) => ({ client_id: review.id, rating: review.rating, reviewed_at: review.reviewed_at })

export function deviceSchedule(createdAt: number, server: CardSchedule | null, reviews: readonly LocalReview[]): CardSchedule {
  const log = reviews.map(asScheduleReview)
  if (!server) return log.length ? foldCardReviews(createdAt, log) : newCardSchedule(createdAt)
  let schedule = server
  for (const review of sortReviews(createdAt, log)) {
    if (comesAfter(schedule, createdAt, review)) schedule = stepCardSchedule(schedule, createdAt, review)
  }
  return schedule
}

/** Reviews the server's schedule already holds (none comes after it): no longer needed on the device. */
export function heldByServer(createdAt: number, server: CardSchedule, review: LocalReview): boolean {
  return !comesAfter(server, createdAt, asScheduleReview(review))
}
