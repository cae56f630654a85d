import { z } from 'zod'
import { ACCESS_LEVELS, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, PROFICIENCY_LEVELS, SEARCH_MAX_CHARS } from '../limits.ts'
import { CAPTION_LANGUAGES, DIALECTS, type CaptionLanguage, type CaptionLink, type Dialect, type TranscriptMatch } from './captions.ts'
import { queryWholeNumber } from './common.ts'

export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number]
export type AccessLevel = (typeof ACCESS_LEVELS)[number]
export type CanWatch = 'full' | 'preview' | 'none'

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
  /** How the video's Vietnamese is spoken; null until set. */
  dialect: Dialect | null
  /** The caption tracks the video has. */
  has_captions: CaptionLanguage[]
  /** The creators featured (the guides) who have an account: `id` is what `guide=` filters by. */
  guides: Array<{ id: number; display_name: string | null }>
  /** Present on a search (`q=`) answer when the video was found in its transcript: the matching line. */
  match?: TranscriptMatch | null
  /** 1..100 from learners' ratings (null below 5 ratings); see POST /ratings. */
  difficulty: number | null
  /** This learner's own rating (how much they understood, 1..5), or null. */
  my_rating: number | null
}

export interface VideoDetail extends VideoSummary {
  can_watch: CanWatch
  /**
   * `captions`: the tracks, each a signed URL under the same grant (and preview cut) as `hls_url`.
   * `audio_hls_url`: the audio-only rendition's media playlist under that same grant (it is also a
   * variant of the master, CODECS="mp4a.40.2"), for listening or an audio-only download; null when
   * the video has none (`audio_only` is null).
   */
  playback: { hls_url: string; audio_hls_url: string | null; preview_seconds: number | null; expires_at: string; captions: CaptionLink[] } | null
  /**
   * The audio-only rendition (commute mode): AAC mono for speech, its size for the whole video
   * estimated from its measured bitrate. Null for a video transcoded before the ladder had it.
   */
  audio_only: { bytes_estimate: number } | null
  youtube_id: string | null
  creators: Array<{ display_name: string | null }>
}

export interface Page<T> {
  data: T[]
  next_cursor: string | null
}

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

export const listLimitSchema = queryWholeNumber('limit', 1, LIST_MAX_LIMIT, LIST_DEFAULT_LIMIT)

/** GET /videos/:id/comments: keyset-paged, newest last. */
export const commentsQuerySchema = z.object({ cursor: z.string().max(200).optional(), limit: listLimitSchema })

export const videoListQuerySchema = z.object({
  level: z.preprocess(blankToUndefined, z.enum(PROFICIENCY_LEVELS, { error: 'Unknown level.' }).optional()),
  access: z.preprocess(blankToUndefined, z.enum(ACCESS_LEVELS, { error: 'Unknown access level.' }).optional()),
  series: z.preprocess(blankToUndefined, z.coerce.number({ error: 'series must be an id.' }).int().positive().optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_MAX_CHARS, { error: 'Search is too long.' }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(['newest', 'level', 'difficulty', 'for_you'], { error: 'sort is for_you, newest, level or difficulty.' }).default('newest')),
  difficulty_min: queryWholeNumber('difficulty_min', 1, 100),
  difficulty_max: queryWholeNumber('difficulty_max', 1, 100),
  hide_finished: z.preprocess(blankToUndefined, z.enum(['0', '1', 'true', 'false']).optional()).transform((v) => v === '1' || v === 'true'),
  dialect: z.preprocess(blankToUndefined, z.enum(DIALECTS, { error: 'dialect is northern, central, southern or mixed.' }).optional()),
  guide: z.preprocess(blankToUndefined, z.coerce.number({ error: 'guide must be an id.' }).int().positive({ error: 'guide must be an id.' }).optional()),
  captions: z.preprocess(blankToUndefined, z.enum(CAPTION_LANGUAGES, { error: 'captions is vi or en.' }).optional()),
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
  /** Of today_watch_seconds, the time spent listening to the audio alone (commute mode). */
  today_listen_seconds: number
  daily_goal_minutes: number
  current_streak_days: number
  longest_streak_days: number
  last_viewed: VideoSummary | null
  in_progress: Array<{ video: VideoSummary; percent: number; last_position_seconds: number }>
  /**
   * The last `days` local days (30 unless asked, up to 365), oldest first. `listen_seconds`: the part
   * of `watch_seconds` spent listening (audio only); the rest was watched.
   */
  days: Array<{ date: string; watch_seconds: number; listen_seconds: number; goal_minutes: number; goal_met: boolean }>
  /** The next roadmap level: hours of input still needed, and days at the last 30 days' pace (null without any); null at the top. */
  next_level: { level: number; hours_needed: number; days_at_current_pace: number | null } | null
  /** Series of the language the learner has started: episodes finished of those published. */
  series: Array<{ id: number; name: string; finished: number; total: number }>
  /** Beyond the contract: every level of the language, videos finished of those published. */
  levels: Array<{ level: ProficiencyLevel; finished: number; total: number }>
}

/** GET /me/progress?days=: how many days `days` holds. */
export const PROGRESS_DAYS_DEFAULT = 30
export const PROGRESS_DAYS_MAX = 365
export const progressQuerySchema = z.object({
  language: z.preprocess(blankToUndefined, z.string().max(20).optional()),
  days: queryWholeNumber('days', 1, PROGRESS_DAYS_MAX, PROGRESS_DAYS_DEFAULT),
})
