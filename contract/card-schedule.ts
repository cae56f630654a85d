/**
 * A saved line's schedule (issue 43, api-contract "Saved lines and review"): FSRS through `ts-fsrs`
 * (default weights, `enable_fuzz: false`, `request_retention` 0.9) applied to the card's reviews in
 * `reviewed_at` order. One function for the device and the server, so two devices reviewing offline
 * converge once both sync: the schedule is the fold of the reviews, whatever order they arrived in.
 *
 * Order: a review's time is its `reviewed_at`, or the card's `created_at` when it is earlier (clock
 * skew); ties go by `client_id` (string order). `stepCardSchedule` applies one review that comes after
 * every review already folded in (`comesAfter` says whether it does); a review that does not is folded
 * again with the card's others (`foldCardReviews`). Stepping in order and folding give the same state,
 * to the bit (the state carries every field ts-fsrs reads).
 *
 * No zod here: the PWA imports it. Times are epoch milliseconds or ISO strings.
 */
import { createEmptyCard, fsrs, generatorParameters, type Card, type FSRS, type Grade } from 'ts-fsrs'

export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const
export type CardState = (typeof CARD_STATES)[number]
/** A review's grade: 1 again, 2 hard, 3 good, 4 easy. */
export const REVIEW_RATINGS = [1, 2, 3, 4] as const
export type ReviewRating = (typeof REVIEW_RATINGS)[number]

export interface CardSchedule {
  state: CardState
  /** Epoch ms. */
  due: number
  stability: number
  difficulty: number
  reps: number
  lapses: number
  /** Epoch ms of the last review folded in (its effective time), null before the first. */
  last_review: number | null
  /** The client_id of that review: the tie-break of the next one. */
  last_client_id: string | null
  /** ts-fsrs's own bookkeeping, kept so a step equals a fold. */
  scheduled_days: number
  learning_steps: number
  elapsed_days: number
}

export interface ScheduleReview {
  client_id: string
  rating: ReviewRating
  reviewed_at: number | string
}

type Time = number | string
const ms = (time: Time): number => (typeof time === 'number' ? time : Date.parse(time))

let scheduler: FSRS | null = null
function fsrsScheduler(): FSRS {
  scheduler ??= fsrs(generatorParameters({ enable_fuzz: false, request_retention: 0.9 }))
  return scheduler
}

const STATE_NUMBERS: Record<CardState, number> = { new: 0, learning: 1, review: 2, relearning: 3 }

/** A new card: due at its creation. */
export function newCardSchedule(createdAt: Time): CardSchedule {
  const card = createEmptyCard(new Date(ms(createdAt)))
  return fromCard(card, null)
}

/** When a review counts: its reviewed_at, never before the card's creation. */
export function effectiveReviewTime(createdAt: Time, reviewedAt: Time): number {
  return Math.max(ms(createdAt), ms(reviewedAt))
}

/** Whether `review` comes after every review `schedule` holds (so one step applies it). */
export function comesAfter(schedule: CardSchedule, createdAt: Time, review: ScheduleReview): boolean {
  if (schedule.last_review === null) return true
  const at = effectiveReviewTime(createdAt, review.reviewed_at)
  if (at !== schedule.last_review) return at > schedule.last_review
  return schedule.last_client_id === null || review.client_id > schedule.last_client_id
}

/** The schedule after one more review, which must come after those already in it (`comesAfter`). */
export function stepCardSchedule(schedule: CardSchedule, createdAt: Time, review: ScheduleReview): CardSchedule {
  const at = effectiveReviewTime(createdAt, review.reviewed_at)
  const next = fsrsScheduler().next(toCard(schedule), new Date(at), review.rating as Grade)
  return fromCard(next.card, review.client_id)
}

/** The reviews in the order they are folded. */
export function sortReviews<R extends ScheduleReview>(createdAt: Time, reviews: readonly R[]): R[] {
  const keyed = reviews.map((review) => ({ review, at: effectiveReviewTime(createdAt, review.reviewed_at) }))
  keyed.sort((a, b) => a.at - b.at || (a.review.client_id < b.review.client_id ? -1 : a.review.client_id > b.review.client_id ? 1 : 0))
  return keyed.map((item) => item.review)
}

/** The schedule of a card: its reviews, in any order, folded in `reviewed_at` order. */
export function foldCardReviews(createdAt: Time, reviews: readonly ScheduleReview[]): CardSchedule {
  let schedule = newCardSchedule(createdAt)
  for (const review of sortReviews(createdAt, reviews)) schedule = stepCardSchedule(schedule, createdAt, review)
  return schedule
}

function toCard(schedule: CardSchedule): Card {
  return {
    due: new Date(schedule.due),
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    elapsed_days: schedule.elapsed_days,
    scheduled_days: schedule.scheduled_days,
    learning_steps: schedule.learning_steps,
    reps: schedule.reps,
    lapses: schedule.lapses,
    state: STATE_NUMBERS[schedule.state],
    ...(schedule.last_review === null ? {} : { last_review: new Date(schedule.last_review) }),
  }
}

function fromCard(card: Card, lastClientId: string | null): CardSchedule {
  return {
    state: CARD_STATES[card.state] ?? 'new',
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    last_review: card.last_review ? card.last_review.getTime() : null,
    last_client_id: lastClientId,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    elapsed_days: card.elapsed_days,
  }
}
