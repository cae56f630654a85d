/**
 * Every number both halves must agree on. The server enforces these; the PWA only uses them to answer
 * quickly. Change a limit here and both sides move together.
 */
export const API_BASE = '/api/v1'

export const FEEDBACK_MIN_CHARS = 10
export const FEEDBACK_MAX_CHARS = 2000

/** Comments must be "under 2000 characters": at most 1999. */
export const COMMENT_MAX_CHARS = 1999

export const DISPLAY_NAME_MIN_CHARS = 3
export const DISPLAY_NAME_MAX_CHARS = 32
export const DISPLAY_NAME_COOLDOWN_DAYS = 30

export const DAILY_GOAL_OPTIONS = [5, 15, 30, 60] as const
export const DAILY_GOAL_DEFAULT_MINUTES = 15
export const DAILY_GOAL_MIN_MINUTES = 1
export const DAILY_GOAL_MAX_MINUTES = 720
/** The two goal options the settings dialog highlights, with their translation keys. */
export const DAILY_GOAL_HIGHLIGHTS: Readonly<Record<number, string>> = { 15: 'easyHabit', 30: 'recommendedPace' }

export const OTP_LENGTH = 6
export const OTP_TTL_MINUTES = 10
export const OTP_MAX_WRONG_TRIES = 5
/**
 * Wrong tries against one code from all networks other than the one that asked for it, together: each
 * such network has OTP_MAX_WRONG_TRIES of its own, and this bounds guessing from many networks. A
 * network the owner has signed in from before is not held to it.
 */
export const OTP_OTHER_NETWORKS_MAX_WRONG_TRIES = 20
/** Codes one IP may have sent to one address an hour: the limit a stranger hits first. */
export const OTP_SENDS_PER_ADDRESS_IP_PER_HOUR = 5
export const OTP_SENDS_PER_IP_PER_HOUR = 30
/** The ceiling for one address across every IP, so many networks together cannot flood a mailbox. */
export const OTP_SENDS_PER_ADDRESS_PER_HOUR = 20

export const EMAIL_MAX_CHARS = 254

export const APPLICATION_VIDEO_MAX_BYTES = 50 * 1024 * 1024
/** Product and YouTube thumbnails on the publish form and the admin thumbnail call. */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024
/** The largest caption file accepted (the body of PUT /submissions/ID/captions/LANG). */
export const CAPTIONS_MAX_BYTES = 1024 * 1024
/** The only body type PUT /submissions/ID/captions/LANG accepts. */
export const CAPTIONS_CONTENT_TYPE = 'text/vtt'
/** The API's JSON bodies (the watch-event ingest's 100 KB batches the largest). */
export const JSON_BODY_MAX_BYTES = 256 * 1024
/** A Stripe event, read whole for its signature. */
export const STRIPE_EVENT_MAX_BYTES = 1024 * 1024
/** The contributor application's text fields (here, not in schemas/, so the public /apply page stays free of zod). */
export const APPLICATION_NAME_MAX_CHARS = 200
export const APPLICATION_LOCATION_MAX_CHARS = 200
export const APPLICATION_NOTES_MAX_CHARS = 5000

/** A search box's text: the catalogue's and the admin tables'. */
export const SEARCH_MAX_CHARS = 200

export const LIST_DEFAULT_LIMIT = 50
export const LIST_MAX_LIMIT = 200

export const WATCH_EVENTS_MAX_BATCH = 500

/** Downloads: the most files of one rendition a part request may ask for, and the header naming them. */
export const MEDIA_PART_MAX_FILES = 64
export const MEDIA_PART_FILES_HEADER = 'X-Part-Files'

/** How often the PWA refreshes daily progress, and how long the feedback thank-you stays. */
export const DAILY_PROGRESS_REFRESH_MS = 60_000
export const FEEDBACK_SUCCESS_CLOSE_MS = 2_000

export const PROFICIENCY_LEVELS = ['introductory', 'beginner', 'intermediate', 'advanced'] as const
export const ACCESS_LEVELS = ['free', 'premium', 'preview'] as const
