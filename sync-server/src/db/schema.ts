/**
 * The database as the migrations leave it, typed once for Kysely and for both engines. Columns keep
 * the same values on SQLite and PostgreSQL: flags are integers 0/1, times that rules compare are epoch
 * milliseconds (INTEGER / BIGINT), dates people see are ISO strings (TEXT), JSON is kept as TEXT.
 * `Generated<>` marks what the database fills in (ids, defaults), so an insert may leave it out.
 *
 * A migration that changes a table changes its interface here in the same commit.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

type Flag = 0 | 1
type Level = 'introductory' | 'beginner' | 'intermediate' | 'advanced'
type Decision = 'pending' | 'accepted' | 'rejected'
type Provider = 'local' | 'stripe'
type Plan = 'month' | 'year'
/** 0014: how a video's Vietnamese is spoken; NULL until set. */
export type DialectColumn = 'northern' | 'central' | 'southern' | 'mixed' | null

/** 0001 */
export interface UsersTable {
  id: Generated<number>
  email: string
  display_name: string | null
  display_name_changed_at: string | null
  daily_goal_minutes: Generated<number>
  is_premium: Generated<Flag>
  is_admin: Generated<Flag>
  is_contributor: Generated<Flag>
  time_zone: Generated<string>
  created_at: string
  last_sign_in_at: string | null
  /** 0016: when the account was deleted (its row kept, emptied of everything personal). */
  deleted_at: string | null
}

export interface OtpCodesTable {
  id: Generated<number>
  email: string
  code_hash: string
  requested_ip: string
  created_at: number
  expires_at: number
  wrong_tries: Generated<number>
  /** Wrong tries from networks other than the one that asked for the code (0013). */
  foreign_wrong_tries: Generated<number>
  consumed_at: number | null
}

export interface SessionsTable {
  token_hash: string
  user_id: number
  created_at: number
  expires_at: number
  revoked_at: number | null
  /** 0016: the browser that signed in, as it said (User-Agent), and when the session was last used (epoch ms). */
  user_agent: string | null
  last_seen_at: number | null
  /** 0017: the network it signed in from (security/otp.ts hashNetwork), null for sessions before 0017. */
  sign_in_network: string | null
}

/** 0017: wrong tries against a code from one other network. */
export interface OtpCodeNetworkTriesTable {
  code_id: number
  network: string
  wrong_tries: number
}

/** 0002 */
export interface LanguagesTable {
  code: string
  name: string
  native_name: string
  position: Generated<number>
  /** 0030: counts every change of the language's lexicon (its ETag; tracks segmented before are done again). */
  lexicon_version: Generated<number>
}

/** 0002, with the publishing columns of 0004. */
export interface VideosTable {
  id: Generated<number>
  language_code: string
  title: string
  description: Generated<string>
  proficiency_level: Level
  access_level: Generated<'free' | 'premium' | 'preview'>
  duration_seconds: Generated<number>
  published_at: string | null
  created_at: string
  series_id: number | null
  episode_number: number | null
  media_key: string | null
  thumbnail_file: string | null
  youtube_thumbnail_file: string | null
  youtube_id: string | null
  youtube_title: string | null
  youtube_description: string | null
  submission_id: number | null
  /** 0014 */
  dialect: Generated<DialectColumn>
  /** 0015: the count and evidence sum of its ratings, and the difficulty they give it (services/ratings.service.ts). */
  rating_count: Generated<number>
  rating_evidence_sum: Generated<number>
  /** 1..100, null below 5 ratings. */
  difficulty: Generated<number | null>
  /** difficulty, or 101 when it has none: the sort key, unscored last on both engines. */
  difficulty_rank: Generated<number>
}

export interface DailyTotalsTable {
  user_id: number
  /** YYYY-MM-DD in the user's zone. */
  day: string
  watch_seconds: Generated<number>
  /** 0019: the part of watch_seconds spent listening (audio only). */
  listen_seconds: Generated<number>
  goal_minutes: number
}

/** 0003 */
export interface UserFeedbacksTable {
  id: Generated<number>
  user_id: number
  client_id: string | null
  feedback: string
  /** JSON, kept exactly as sent. */
  environment_data: string | null
  created_at: string
}

export interface WaitlistTable {
  email: string
  created_at: string
}

/** 0004 */
export interface SeriesTable {
  id: Generated<number>
  language_code: string
  name: string
  description: Generated<string>
  created_at: string
}

export interface SubmissionsTable {
  id: Generated<number>
  user_id: number
  client_id: string | null
  title: string
  description: Generated<string>
  proficiency_level: Level
  language_code: string
  series_name: string | null
  episode_number: number | null
  publishable: Generated<Flag>
  status: Generated<Decision>
  upload_id: string | null
  upload_state: Generated<'awaiting' | 'uploading' | 'complete'>
  upload_bytes_total: number | null
  upload_activity_at: number | null
  processing_state: Generated<'waiting' | 'queued' | 'processing' | 'ready' | 'failed'>
  processing_percent: Generated<number>
  processing_error: string | null
  media_key: string | null
  duration_seconds: number | null
  published_video_id: number | null
  created_at: string
  /** 0014 */
  dialect: Generated<DialectColumn>
}

export interface SubmissionCreatorsTable {
  submission_id: number
  email: string
}

export interface JobsTable {
  id: Generated<number>
  kind: string
  /** JSON */
  payload: string
  state: Generated<'queued' | 'running' | 'done' | 'failed'>
  attempts: Generated<number>
  error: string | null
  created_at: number
  started_at: number | null
  finished_at: number | null
  /** 0011: epoch ms until which the running worker holds the job (renewed while it runs). */
  lease_until: number | null
  /** 0018: a queued job is not claimed before this (epoch ms, the database's clock); null: at once. */
  run_after: number | null
  /** 0018: claims made of this job (a hand-back does not undo one): names the claim for guarded writes. */
  claims: Generated<number>
  /** 0018: one job per key across the cluster (a periodic job's kind and period). */
  unique_key: string | null
}

export interface ContributorApplicationsTable {
  id: Generated<number>
  name: string
  email: string
  location: Generated<string>
  english_ability: 'none' | 'a_little' | 'well'
  notes: Generated<string>
  video_file: string
  video_type: string
  video_bytes: number
  status: Generated<Decision>
  created_at: string
  decided_at: string | null
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

/** 0006 */
export interface BillingCheckoutsTable {
  id: string
  user_id: number
  plan: Plan
  provider: Provider
  status: Generated<'open' | 'paid' | 'expired'>
  created_at: string
  completed_at: string | null
}

export interface SubscriptionsTable {
  user_id: number
  provider: Provider
  plan: Plan
  status: 'active' | 'canceled' | 'past_due'
  current_period_end: string | null
  cancel_at_period_end: Generated<Flag>
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  updated_at: string
}

export interface BillingEventsTable {
  id: string
  type: string
  received_at: string
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

/** A rate limiter's count for one client key over a fixed window ending at reset_at (0013). */
export interface RateLimitHitsTable {
  key: string
  hits: number
  reset_at: number
}

/** 0014: a submission's WebVTT track in one language, as stored (NFC). */
export interface CaptionTracksTable {
  submission_id: number
  language: 'vi' | 'en'
  vtt: string
  cue_count: number
  /** The end of the last cue. */
  duration_seconds: number
  updated_at: string
  /** 0030: the lexicon version its cues' tokens were made against (null: not segmented, another language's track). */
  lexicon_version: number | null
  /** 0030: the preview length its words' preview_count was counted with. */
  preview_seconds: number | null
}

/** 0014: a track's cues as plain text, for transcripts, the preview cut and transcript search. */
export interface CaptionCuesTable {
  id: Generated<number>
  submission_id: number
  language: 'vi' | 'en'
  start_seconds: number
  end_seconds: number
  text: string
  /** 0030: the cue's words, JSON [[from, to, key], ...] (the track of the video's own language only). */
  tokens: string | null
}

/** 0030: one entry of a language's lexicon, by key; glosses a JSON array of strings. */
export interface LexiconEntriesTable {
  id: Generated<number>
  language_code: string
  key: string
  headword: string
  glosses: string
  reading: string | null
  note: string | null
  source: 'demo' | 'submission' | 'admin'
  submission_id: number | null
  created_at: string
  updated_at: string
}

/** 0030: a submission's glossary, joining the lexicon when it is published. */
export interface SubmissionGlossaryTable {
  submission_id: number
  key: string
  headword: string
  glosses: string
  reading: string | null
  note: string | null
}

/** 0030: a track's word counts (the whole track, and the part a preview shows). */
export interface TrackWordsTable {
  submission_id: number
  language: string
  key: string
  count: number
  preview_count: number
}

/** 0030: a learner's latest state of a word (latest occurred_ms, ties the larger client_id). */
export interface WordStatesTable {
  user_id: number
  language_code: string
  key: string
  state: 'new' | 'learning' | 'known' | 'ignored'
  client_id: string
  occurred_at: string
  occurred_ms: number
  received_at: string
}

export interface WordStateReceiptsTable {
  user_id: number
  client_id: string
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

/** 0016: codes mailed to confirm deleting an account, apart from sign-in codes. */
export interface AccountDeletionCodesTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  created_at: number
  expires_at: number
  wrong_tries: Generated<number>
  consumed_at: number | null
}

export interface SchemaMigrationsTable {
  version: number
  name: string
  applied_at: string
}

/**
 * Every table both engines hold. The search indexes of 0007 and 0014 (FTS5 tables on SQLite, trigram
 * indexes on PostgreSQL) are not tables here: `db/dialect/` is the one place that queries them.
 */
export interface Database {
  users: UsersTable
  otp_codes: OtpCodesTable
  otp_code_network_tries: OtpCodeNetworkTriesTable
  sessions: SessionsTable
  languages: LanguagesTable
  videos: VideosTable
  daily_totals: DailyTotalsTable
  user_feedbacks: UserFeedbacksTable
  waitlist: WaitlistTable
  series: SeriesTable
  submissions: SubmissionsTable
  submission_creators: SubmissionCreatorsTable
  jobs: JobsTable
  contributor_applications: ContributorApplicationsTable
  watch_events: WatchEventsTable
  video_progress: VideoProgressTable
  comments: CommentsTable
  billing_checkouts: BillingCheckoutsTable
  subscriptions: SubscriptionsTable
  billing_events: BillingEventsTable
  outside_hours: OutsideHoursTable
  daily_goal_changes: DailyGoalChangesTable
  watch_coverage: WatchCoverageTable
  rate_limit_hits: RateLimitHitsTable
  caption_tracks: CaptionTracksTable
  caption_cues: CaptionCuesTable
  video_ratings: VideoRatingsTable
  rating_receipts: RatingReceiptsTable
  account_deletion_codes: AccountDeletionCodesTable
  lexicon_entries: LexiconEntriesTable
  submission_glossary: SubmissionGlossaryTable
  track_words: TrackWordsTable
  word_states: WordStatesTable
  word_state_receipts: WordStateReceiptsTable
  schema_migrations: SchemaMigrationsTable
}

/** Tables in an order where each comes after every table it references (copying, emptying in reverse). */
export const TABLES_IN_REFERENCE_ORDER = [
  'users',
  'otp_codes',
  'otp_code_network_tries',
  'sessions',
  'languages',
  'series',
  'videos',
  'daily_totals',
  'user_feedbacks',
  'waitlist',
  'submissions',
  'submission_creators',
  'jobs',
  'contributor_applications',
  'watch_events',
  'video_progress',
  'comments',
  'billing_checkouts',
  'subscriptions',
  'billing_events',
  'outside_hours',
  'daily_goal_changes',
  'watch_coverage',
  'rate_limit_hits',
  'caption_tracks',
  'caption_cues',
  'video_ratings',
  'rating_receipts',
  'account_deletion_codes',
  'lexicon_entries',
  'submission_glossary',
  'track_words',
  'word_states',
  'word_state_receipts',
] as const satisfies readonly (keyof Database)[]

export type Row<T extends keyof Database> = Selectable<Database[T]>
export type NewRow<T extends keyof Database> = Insertable<Database[T]>
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>

// Fails to compile when a table is added to Database but not to the list above.
type Unlisted = Exclude<keyof Database, 'schema_migrations' | (typeof TABLES_IN_REFERENCE_ORDER)[number]>
/** @public: a compile-time check, read by no module */
export const EVERY_TABLE_LISTED: Unlisted extends never ? true : Unlisted = true
