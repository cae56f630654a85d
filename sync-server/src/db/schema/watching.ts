/** Watching: events, daily totals, coverage, progress, outside hours, goals, ratings, comments. The whole database: db/schema.ts. */
import type { Generated } from 'kysely'

export interface DailyTotalsTable {
  user_id: number
  /** YYYY-MM-DD in the user's zone. */
  day: string
  watch_seconds: Generated<number>
  /** 0019: the part of watch_seconds spent listening (audio only). */
  listen_seconds: Generated<number>
  goal_minutes: number
}

/** 0005 */
export interface WatchEventsTable {
  user_id: number
  client_id: string
  video_id: number
  position_from: number
  position_to: number
  watched_seconds: number
  playback_rate: number
  occurred_at: string
  day: string
  received_at: string
  /** 0019: how the time was spent (audio only is `listened`). */
  mode: Generated<'watched' | 'listened'>
}

export interface VideoProgressTable {
  user_id: number
  video_id: number
  /** JSON [[from, to], ...] */
  spans: Generated<string>
  covered_seconds: Generated<number>
  watch_seconds: Generated<number>
  last_position_seconds: Generated<number>
  last_watched_at: string
}

export interface CommentsTable {
  id: Generated<number>
  video_id: number
  user_id: number
  client_id: string
  text: string
  created_at: string
}

/** 0008 */
export interface OutsideHoursTable {
  user_id: number
  client_id: string
  day: string
  minutes: number
  kind: 'watching' | 'listening' | 'talking'
  note: Generated<string>
  created_at: string
}

/** 0009 */
export interface DailyGoalChangesTable {
  user_id: number
  day: string
  goal_minutes: number
}

/** 0010: each user's covered watch time as disjoint wall-clock intervals (epoch ms). */
export interface WatchCoverageTable {
  user_id: number
  start_ms: number
  end_ms: number
}

/** 0015: a learner's latest rating of a video (how much they understood), and every rating client_id received. */
export interface VideoRatingsTable {
  user_id: number
  video_id: number
  client_id: string
  understood: number
  occurred_at: string
  /** The rater's input hours (in seconds) when it landed, and the evidence it gave the score. */
  rater_input_seconds: number
  evidence: number
  received_at: string
}

export interface RatingReceiptsTable {
  user_id: number
  client_id: string
  video_id: number
}
