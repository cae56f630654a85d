/**
 * The database as the migrations leave it, typed once for Kysely and for both engines. Columns keep
 * the same values on SQLite and PostgreSQL: flags are integers 0/1, times that rules compare are epoch
 * milliseconds (INTEGER / BIGINT), dates people see are ISO strings (TEXT), JSON is kept as TEXT.
 * `Generated<>` marks what the database fills in (ids, defaults), so an insert may leave it out.
 *
 * Each table's interface is in `schema/`, by area (people, catalogue, watching, contributors, billing);
 * a migration that changes a table changes its interface there in the same commit.
 */
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { UsersTable, OtpCodesTable, SessionsTable, OtpCodeNetworkTriesTable, AccountDeletionCodesTable, RateLimitHitsTable, WaitlistTable, UserFeedbacksTable, AccountPreferencesTable } from './schema/people.ts'
import type { LanguagesTable, VideosTable, SeriesTable, CaptionTracksTable, CaptionCuesTable } from './schema/catalogue.ts'
import type { DailyTotalsTable, WatchEventsTable, VideoProgressTable, CommentsTable, OutsideHoursTable, DailyGoalChangesTable, WatchCoverageTable, VideoRatingsTable, RatingReceiptsTable } from './schema/watching.ts'
import type { SubmissionsTable, SubmissionCreatorsTable, JobsTable, ContributorApplicationsTable } from './schema/contributors.ts'
import type { BillingCheckoutsTable, SubscriptionsTable, BillingEventsTable } from './schema/billing.ts'
import type { LearnerTrackWordsTable, LexiconEntriesTable, SubmissionGlossaryTable, TrackWordTotalsTable, TrackWordsTable, WordStatesTable, WordStateReceiptsTable } from './schema/words.ts'
import type { CardsTable, CardReviewsTable, CardRemovalsTable } from './schema/cards.ts'


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
  track_word_totals: TrackWordTotalsTable
  learner_track_words: LearnerTrackWordsTable
  cards: CardsTable
  card_reviews: CardReviewsTable
  card_removals: CardRemovalsTable
  account_preferences: AccountPreferencesTable
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
  'cards',
  'card_reviews',
  'card_removals',
  'account_preferences',
] as const satisfies readonly (keyof Database)[]

/**
 * Tables kept by the database itself from others (0080's triggers on track_words and word_states): never
 * copied, since the target's triggers fill them as the rows they sum are copied.
 */
export const KEPT_TABLES = ['track_word_totals', 'learner_track_words'] as const satisfies readonly (keyof Database)[]

export type Row<T extends keyof Database> = Selectable<Database[T]>
export type NewRow<T extends keyof Database> = Insertable<Database[T]>
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>

// Fails to compile when a table is added to Database but not to the list above.
type Unlisted = Exclude<keyof Database, 'schema_migrations' | (typeof TABLES_IN_REFERENCE_ORDER)[number] | (typeof KEPT_TABLES)[number]>
/** @public: a compile-time check, read by no module */
export const EVERY_TABLE_LISTED: Unlisted extends never ? true : Unlisted = true
