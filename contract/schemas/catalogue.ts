import { z } from 'zod'
import { ACCESS_LEVELS, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, PROFICIENCY_LEVELS, SEARCH_MAX_CHARS } from '../limits.ts'
import { CAPTION_LANGUAGES, DIALECTS, captionLinkSchema, transcriptMatchSchema } from './captions.ts'
import { countSchema, idSchema, isoDateSchema, isoDateTimeSchema, queryWholeNumber } from './common.ts'
import { videoWordsSummarySchema } from './words.ts'
import { reviewsByDaySchema } from './cards.ts'

export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number]
export type AccessLevel = (typeof ACCESS_LEVELS)[number]
export type CanWatch = 'full' | 'preview' | 'none'

export const videoProgressSummarySchema = z.strictObject({
  percent: z.number().min(0).max(100),
  last_position_seconds: z.number().min(0),
})
export type VideoProgressSummary = z.infer<typeof videoProgressSummarySchema>

export const videoSummarySchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  language_code: z.string(),
  proficiency_level: z.enum(PROFICIENCY_LEVELS),
  access_level: z.enum(ACCESS_LEVELS),
  duration_seconds: z.number().min(0),
  thumbnail_url: z.string().nullable(),
  series: z.strictObject({ id: idSchema, name: z.string() }).nullable(),
  episode_number: z.number().int().nullable(),
  published_at: isoDateTimeSchema,
  progress: videoProgressSummarySchema.nullable(),
  /** How the video's Vietnamese is spoken; null until set. */
  dialect: z.enum(DIALECTS).nullable(),
  /** The caption tracks the video has. */
  has_captions: z.array(z.enum(CAPTION_LANGUAGES)),
  /** The creators featured (the guides) who have an account: `id` is what `guide=` filters by. */
  guides: z.array(z.strictObject({ id: idSchema, display_name: z.string().nullable() })),
  /** Present on a search (`q=`) answer when the video was found in its transcript: the matching line. */
  match: transcriptMatchSchema.nullable().optional(),
  /** 1..100 from learners' ratings (null below 5 ratings); see POST /ratings. */
  difficulty: z.number().min(1).max(100).nullable(),
  /** This learner's own rating (how much they understood, 1..5), or null. */
  my_rating: z.number().int().min(1).max(5).nullable(),
  /** The transcript's words against this learner's word states (issue 42). */
  words: videoWordsSummarySchema,
})
export type VideoSummary = z.infer<typeof videoSummarySchema>

export const videoDetailSchema = videoSummarySchema.extend({
  can_watch: z.enum(['full', 'preview', 'none']),
  /**
   * `captions`: the tracks, each a signed URL under the same grant (and preview cut) as `hls_url`.
   * `audio_hls_url`: the audio-only rendition's media playlist under that same grant (it is also a
   * variant of the master, CODECS="mp4a.40.2"), for listening or an audio-only download; null when
   * the video has none (`audio_only` is null).
   */
  playback: z
    .strictObject({
      hls_url: z.string(),
      audio_hls_url: z.string().nullable(),
      preview_seconds: z.number().min(0).nullable(),
      expires_at: isoDateTimeSchema,
      captions: z.array(captionLinkSchema),
    })
    .nullable(),
  /**
   * The audio-only rendition (commute mode): AAC mono for speech, its size for the whole video
   * estimated from its measured bitrate. Null for a video transcoded before the ladder had it.
   */
  audio_only: z.strictObject({ bytes_estimate: countSchema }).nullable(),
  youtube_id: z.string().nullable(),
  creators: z.array(z.strictObject({ display_name: z.string().nullable() })),
})
export type VideoDetail = z.infer<typeof videoDetailSchema>

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
  sort: z.preprocess(blankToUndefined, z.enum(['newest', 'level', 'difficulty', 'for_you', 'comprehensible'], { error: 'sort is for_you, newest, level, difficulty or comprehensible.' }).default('newest')),
  difficulty_min: queryWholeNumber('difficulty_min', 1, 100),
  difficulty_max: queryWholeNumber('difficulty_max', 1, 100),
  hide_finished: z.preprocess(blankToUndefined, z.enum(['0', '1', 'true', 'false']).optional()).transform((v) => v === '1' || v === 'true'),
  dialect: z.preprocess(blankToUndefined, z.enum(DIALECTS, { error: 'dialect is northern, central, southern or mixed.' }).optional()),
  guide: z.preprocess(blankToUndefined, z.coerce.number({ error: 'guide must be an id.' }).int().positive({ error: 'guide must be an id.' }).optional()),
  captions: z.preprocess(blankToUndefined, z.enum(CAPTION_LANGUAGES, { error: 'captions is vi, yue or en.' }).optional()),
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  limit: listLimitSchema,
})
export type VideoListQuery = z.input<typeof videoListQuerySchema>

export const progressSchema = z.strictObject({
  total_watch_seconds: countSchema,
  /** Minutes logged outside the app, in seconds. */
  outside_seconds: countSchema,
  /** total_watch_seconds + outside_seconds: what the input-hours roadmap counts. */
  total_input_seconds: countSchema,
  today_watch_seconds: countSchema,
  /** Of today_watch_seconds, the time spent listening to the audio alone (commute mode). */
  today_listen_seconds: countSchema,
  daily_goal_minutes: z.number().int(),
  current_streak_days: countSchema,
  longest_streak_days: countSchema,
  last_viewed: videoSummarySchema.nullable(),
  in_progress: z.array(z.strictObject({ video: videoSummarySchema, percent: z.number().min(0).max(100), last_position_seconds: z.number().min(0) })),
  /**
   * The last `days` local days (30 unless asked, up to 365), oldest first. `listen_seconds`: the part
   * of `watch_seconds` spent listening (audio only); the rest was watched.
   */
  days: z.array(
    z.strictObject({ date: isoDateSchema, watch_seconds: countSchema, listen_seconds: countSchema, goal_minutes: z.number().int(), goal_met: z.boolean() }),
  ),
  /** The next roadmap level: hours of input still needed, and days at the last 30 days' pace (null without any); null at the top. */
  next_level: z.strictObject({ level: z.number().int(), hours_needed: z.number().min(0), days_at_current_pace: z.number().min(0).nullable() }).nullable(),
  /** Series of the language the learner has started: episodes finished of those published. */
  series: z.array(z.strictObject({ id: idSchema, name: z.string(), finished: countSchema, total: countSchema })),
  /** Beyond the contract: every level of the language, videos finished of those published. */
  levels: z.array(z.strictObject({ level: z.enum(PROFICIENCY_LEVELS), finished: countSchema, total: countSchema })),
  /** Reviews of saved lines per local day, the same days as `days` (review time is not watch time). */
  reviews_by_day: reviewsByDaySchema,
})
export type Progress = z.infer<typeof progressSchema>

/** GET /me/progress?days=: how many days `days` holds. */
export const PROGRESS_DAYS_DEFAULT = 30
export const PROGRESS_DAYS_MAX = 365
export const progressQuerySchema = z.object({
  language: z.preprocess(blankToUndefined, z.string().max(20).optional()),
  days: queryWholeNumber('days', 1, PROGRESS_DAYS_MAX, PROGRESS_DAYS_DEFAULT),
})
