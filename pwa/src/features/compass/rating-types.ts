/**
 * The wire of the compass calls (api-contract "Difficulty, continue watching, progress over a year")
 * as the PWA reads it. POST /ratings is an outbox call like /watch_events: accepted, duplicate or
 * rejected per client_id; a later rating of a video replaces the earlier one.
 */
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'

/** At most this many ratings go in one POST /ratings. */
export const RATINGS_MAX_BATCH = 100
/** "How much did you understand?": 1 almost nothing … 5 almost everything. */
export const UNDERSTOOD_VALUES = [1, 2, 3, 4, 5] as const
export type Understood = (typeof UNDERSTOOD_VALUES)[number]
/** The server asks for at least half of a video watched before it takes a rating. */
export const RATE_AFTER_SHARE = 0.5
/** Below this many ratings the server sends no difficulty (null). */
export const DIFFICULTY_MIN_RATINGS = 5

/** Refusals only ratings have; unknown_video and not_watchable read as they do for watch time. */
export const RATING_REJECTIONS = ['not_watched', 'invalid_rating'] as const
export type RatingRejection = (typeof RATING_REJECTIONS)[number]

/** One rating as sent, without its client_id (the outbox item's id goes as the client_id). */
export interface RatingPayload {
  video_id: number
  understood: Understood
  occurred_at: string
}

export interface RatingsResult {
  data: {
    accepted: string[]
    duplicate: string[]
    rejected: Array<{ client_id: string | null; error: string; message?: string }>
  }
}

/** What the compass adds to a VideoSummary: the learners' difficulty (1..100, null below 5 ratings) and mine. */
export interface DifficultyFields {
  difficulty?: number | null
  my_rating?: number | null
}
export type RatedVideo = VideoSummary & DifficultyFields

/** GET /me/progress additions. */
export interface NextLevel {
  level: number
  hours_needed: number
  days_at_current_pace: number | null
}
export interface SeriesProgress {
  id: number
  name: string
  finished: number
  total: number
}
