/**
 * The wire of the compass calls (api-contract "Difficulty, continue watching, progress over a year")
 * as the PWA reads it. POST /ratings is an outbox call like /watch_events: accepted, duplicate or
 * rejected per client_id; a later rating of a video replaces the earlier one.
 */
import { RATING_MIN_WATCHED_SHARE, UNDERSTOOD_MAX, UNDERSTOOD_MIN } from '../../../../contract/vocabulary.ts'

export { RATING_REJECTIONS, RATINGS_MAX_BATCH, type RatingRejection } from '../../../../contract/vocabulary.ts'
export type { RatingsResult } from '../../../../contract/schemas/ratings.ts'

/** "How much did you understand?": UNDERSTOOD_MIN (almost nothing) … UNDERSTOOD_MAX (almost everything). */
export const UNDERSTOOD_VALUES = [UNDERSTOOD_MIN, 2, 3, 4, UNDERSTOOD_MAX] as const
export type Understood = (typeof UNDERSTOOD_VALUES)[number]
/** The server takes a rating once at least half of the video is watched. */
export const RATE_AFTER_SHARE = RATING_MIN_WATCHED_SHARE

/** One rating as sent, without its client_id (the outbox item's id goes as the client_id). */
export interface RatingPayload {
  video_id: number
  understood: Understood
  occurred_at: string
}
