/**
 * The values both halves name at run time that the PWA reads too: enumerations and the limits of single
 * calls. They live here, apart from schemas/ (whose modules import zod), so the PWA imports them without
 * loading zod (a lint rule keeps it so). The schema modules re-export them beside their schemas.
 */
import { API_BASE } from './limits.ts'
import { ROUTES } from './routes.ts'

// captions
/** Where a video's speech comes from; `null` until someone sets it. */
export const DIALECTS = ['northern', 'central', 'southern', 'mixed'] as const
export type Dialect = (typeof DIALECTS)[number]
/** Caption tracks a submission may have: its own language (Vietnamese, Cantonese), and optionally English. */
export const CAPTION_LANGUAGES = ['vi', 'yue', 'en'] as const
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number]

// watching
/** Outbox rules for one watch event (api-contract "The outbox calls"). */
export const WATCH_EVENT_MAX_SECONDS = 60
export const WATCH_EVENT_MAX_AGE_DAYS = 30
/** Why an event was refused; the rest of its batch still lands. */
export const WATCH_EVENT_REJECTIONS = [
  'invalid_event',
  'watched_seconds_out_of_range',
  'exceeds_played_span',
  'too_old',
  'in_the_future',
  'unknown_video',
  'not_watchable',
  /** Its whole wall-clock interval is already counted (another tab, or a replay under a new client_id). */
  'overlap',
] as const
export type WatchEventRejection = (typeof WATCH_EVENT_REJECTIONS)[number]

// outside-hours
export const OUTSIDE_HOURS_KINDS = ['watching', 'listening', 'talking'] as const
export const OUTSIDE_MINUTES_MAX = 720
export const OUTSIDE_NOTE_MAX_CHARS = 500

// contributors
/** Where the PWA sends the file of a submission (tus 1.0.0): the route table's `uploads.create`, under the API. */
export const UPLOADS_PATH = `${API_BASE}${ROUTES['uploads.create'].path}` as const
/**
 * tus-js-client sends an upload in PATCHes of this size, so a connection cut (the server closes one
 * silent for 60 s; a phone changes network) costs at most one chunk. Measured in bench/tus-upload.bench.ts.
 */
export const UPLOAD_CHUNK_BYTES = 16 * 1024 * 1024
export const SUBMISSION_TITLE_MAX_CHARS = 200
export const SUBMISSION_DESCRIPTION_MAX_CHARS = 5000
export const SUBMISSION_MAX_CREATORS = 20
export const SERIES_NAME_MAX_CHARS = 200
export const SERIES_DESCRIPTION_MAX_CHARS = 2000
export const YOUTUBE_TITLE_MAX_CHARS = 200
export const YOUTUBE_DESCRIPTION_MAX_CHARS = 5000
export const SERIES_MODES = ['existing', 'none', 'new'] as const
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const

// ratings
/** "How much did you understand?": 1 (almost nothing) to 5 (almost everything). */
export const UNDERSTOOD_MIN = 1
export const UNDERSTOOD_MAX = 5
/** Ratings per POST /ratings (an outbox call). */
export const RATINGS_MAX_BATCH = 100
/** A learner may rate a video once they have watched (covered) at least this share of it. */
export const RATING_MIN_WATCHED_SHARE = 0.5
export const DIFFICULTY_MIN = 1
export const DIFFICULTY_MAX = 100
/** Why a rating was refused; the rest of its batch still lands. */
export const RATING_REJECTIONS = ['invalid_rating', 'unknown_video', 'not_watched', 'in_the_future'] as const
export type RatingRejection = (typeof RATING_REJECTIONS)[number]

// admin
export const ADMIN_FEEDBACK_RANGES = ['all', '30d', '7d'] as const
export type AdminFeedbackRange = (typeof ADMIN_FEEDBACK_RANGES)[number]
/** The jobs view (issue 34): jobs by state, newest first. `all`: every job, done ones too (issue 41). */
export const ADMIN_JOB_STATES = ['all', 'queued', 'running', 'done', 'failed'] as const
export type AdminJobStateFilter = (typeof ADMIN_JOB_STATES)[number]

// billing
export const BILLING_PLANS = ['month', 'year'] as const
export type BillingPlanId = (typeof BILLING_PLANS)[number]

// words
/** A learner's state of a word (api-contract "Words"): `new` is the default and clears a kept one. */
export const WORD_STATES = ['new', 'learning', 'known', 'ignored'] as const
export type WordState = (typeof WORD_STATES)[number]
/** Word states per POST /word_states (an outbox call). */
export const WORD_STATES_MAX_BATCH = 500
/** Why a word state was refused; the rest of its batch still lands. */
export const WORD_STATE_REJECTIONS = ['invalid_word_state', 'unknown_language', 'in_the_future'] as const
export type WordStateRejection = (typeof WORD_STATE_REJECTIONS)[number]
/** The languages with a lexicon and a segmentation rule (contract/segment.ts). */
export const LEXICON_LANGUAGES = ['vi', 'yue'] as const
/** A key or headword is at most this long (four syllables, six characters, with room to spare). */
export const WORD_MAX_CHARS = 100
/** known_share from this to WORDS_COMPREHENSIBLE_MAX is "best for you now"; closest to the target first. */
export const WORDS_COMPREHENSIBLE_MIN = 0.85
export const WORDS_COMPREHENSIBLE_MAX = 0.98
export const WORDS_COMPREHENSIBLE_TARGET = 0.95
/** A glossary: entries per PUT, glosses per entry and characters per gloss. */
export const GLOSSARY_MAX_ENTRIES = 2000
export const GLOSSES_MAX = 5
export const GLOSS_MAX_CHARS = 200
export const LEXICON_NOTE_MAX_CHARS = 500

// saved lines (issue 43)
/** Cards per POST /cards, reviews per POST /reviews, removals per POST /card_removals (outbox calls). */
export const CARDS_MAX_BATCH = 100
export const REVIEWS_MAX_BATCH = 500
export const CARD_REMOVALS_MAX_BATCH = 500
/** A saved line lasts from CARD_MIN_SECONDS to CARD_MAX_SECONDS; its text and translation at most this long. */
export const CARD_MIN_SECONDS = 0.3
export const CARD_MAX_SECONDS = 30
export const CARD_TEXT_MAX_CHARS = 500
/** A line saved again (same video, start within this many seconds) is the same card: `duplicate`. */
export const CARD_SAME_LINE_SECONDS = 0.05
/** The clip holds the line with this much either side. */
export const CARD_CLIP_PAD_SECONDS = 0.25
/** GET /me/cards answers pages of at most this many cards. */
export const CARDS_PAGE_MAX = 500
/** Why a card, review or removal was refused; the rest of its batch still lands. */
export const CARD_REJECTIONS = ['invalid_card', 'unknown_video', 'not_watchable', 'in_the_future', 'card_removed'] as const
export type CardRejection = (typeof CARD_REJECTIONS)[number]
export const REVIEW_REJECTIONS = ['invalid_review', 'in_the_future', 'card_removed'] as const
export type ReviewRejection = (typeof REVIEW_REJECTIONS)[number]
export const CARD_REMOVAL_REJECTIONS = ['invalid_removal'] as const
export type CardRemovalRejection = (typeof CARD_REMOVAL_REJECTIONS)[number]
