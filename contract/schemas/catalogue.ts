import { z } from 'zod'
import { ACCESS_LEVELS, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, PROFICIENCY_LEVELS, SEARCH_MAX_CHARS } from '../limits.ts'

export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number]
export type AccessLevel = (typeof ACCESS_LEVELS)[number]
export type CanWatch = 'full' | 'preview' | 'none'

/** Where the speech in a video comes from (contract: "Captions, dialects, transcripts"). */
export const DIALECTS = ['northern', 'central', 'southern', 'mixed'] as const
export type Dialect = (typeof DIALECTS)[number]
/** The languages a video's captions may be in: the video's own (Vietnamese) and English. */
export const CAPTION_LANGUAGES = ['vi', 'en'] as const
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number]

export interface CaptionTrack {
  language: CaptionLanguage
  label: string
  /** Signed like the stream: it plays under the same grant. */
  url: string
}

export interface VideoProgressSummary {
  percent: number
  last_position_seconds: number
}

export interface VideoSummary {
  id: number
  title: string
  description: string
  language_code: string
  proficiency_level: ProficiencyLevel
  access_level: AccessLevel
  duration_seconds: number
  thumbnail_url: string | null
  series: { id: number; name: string } | null
  episode_number: number | null
  published_at: string
  progress: VideoProgressSummary | null
  // Optional here: the PWA's cached copies from before captions existed lack them.
  dialect?: Dialect | null
  has_captions?: CaptionLanguage[]
  /** The creators featured (the list filters by guide). */
  guides?: Array<{ id: number; display_name: string | null }>
  /** Present when the search (q) matched the transcript rather than the title: the line and when it is said. */
  match?: { start: number; text: string }
}

export interface VideoDetail extends VideoSummary {
  can_watch: CanWatch
  playback: { hls_url: string; preview_seconds: number | null; expires_at: string; captions?: CaptionTrack[] } | null
  youtube_id: string | null
  creators: Array<{ display_name: string | null }>
}

export interface Page<T> {
  data: T[]
  next_cursor: string | null
}

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

export const listLimitSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(LIST_MAX_LIMIT, { error: `limit must be at most ${LIST_MAX_LIMIT}.` })
    .default(LIST_DEFAULT_LIMIT),
)

export const videoListQuerySchema = z.object({
  level: z.preprocess(blankToUndefined, z.enum(PROFICIENCY_LEVELS, { error: 'Unknown level.' }).optional()),
  access: z.preprocess(blankToUndefined, z.enum(ACCESS_LEVELS, { error: 'Unknown access level.' }).optional()),
  series: z.preprocess(blankToUndefined, z.coerce.number({ error: 'series must be an id.' }).int().positive().optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_MAX_CHARS, { error: 'Search is too long.' }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(['newest', 'level'], { error: 'sort is newest or level.' }).default('newest')),
  hide_finished: z.preprocess(blankToUndefined, z.enum(['0', '1', 'true', 'false']).optional()).transform((v) => v === '1' || v === 'true'),
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  limit: listLimitSchema,
})
export type VideoListQuery = z.input<typeof videoListQuerySchema>

export interface Progress {
  total_watch_seconds: number
  /** Minutes logged outside the app, in seconds. */
  outside_seconds: number
  /** total_watch_seconds + outside_seconds: what the input-hours roadmap counts. */
  total_input_seconds: number
  today_watch_seconds: number
  daily_goal_minutes: number
  current_streak_days: number
  longest_streak_days: number
  last_viewed: VideoSummary | null
  in_progress: Array<{ video: VideoSummary; percent: number; last_position_seconds: number }>
  days: Array<{ date: string; watch_seconds: number; goal_minutes: number; goal_met: boolean }>
}
