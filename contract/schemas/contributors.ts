/**
 * Contributors: submissions (metadata first, the file then goes over tus), publishing, series and
 * contributor applications. Multipart calls (publish, applications) are parsed into plain objects of
 * strings first, then checked with the schemas below.
 */
import { z } from 'zod'
import {
  APPLICATION_LOCATION_MAX_CHARS,
  APPLICATION_NAME_MAX_CHARS,
  APPLICATION_NOTES_MAX_CHARS,
  PROFICIENCY_LEVELS,
} from '../limits.ts'
import { dialectSchema, type Dialect } from './captions.ts'
import { emailSchema, queryWholeNumber, uuidSchema } from './common.ts'
import { UPLOADS_PATH, SUBMISSION_TITLE_MAX_CHARS, SUBMISSION_DESCRIPTION_MAX_CHARS, SUBMISSION_MAX_CREATORS, SERIES_NAME_MAX_CHARS, SERIES_DESCRIPTION_MAX_CHARS, YOUTUBE_TITLE_MAX_CHARS, YOUTUBE_DESCRIPTION_MAX_CHARS, SERIES_MODES, APPLICATION_STATUSES } from '../vocabulary.ts'
export { UPLOADS_PATH, UPLOAD_CHUNK_BYTES, SUBMISSION_TITLE_MAX_CHARS, SUBMISSION_DESCRIPTION_MAX_CHARS, SUBMISSION_MAX_CREATORS, SERIES_NAME_MAX_CHARS, SERIES_DESCRIPTION_MAX_CHARS, YOUTUBE_TITLE_MAX_CHARS, YOUTUBE_DESCRIPTION_MAX_CHARS, SERIES_MODES, APPLICATION_STATUSES } from '../vocabulary.ts'

/** An unfinished upload with no request for this long is removed, files and all. */
export const UPLOAD_SILENCE_EXPIRY_HOURS = 24
export { THUMBNAIL_MAX_BYTES } from '../limits.ts'
export const APPLICATIONS_PER_IP_PER_HOUR = 20

/** Error codes of the contributor calls, beside the general ones of errors.ts. */
export const CONTRIBUTOR_ERROR_CODES = {
  noVideoFile: 'no_video_file',
  fileTooLarge: 'file_too_large',
  invalidFileType: 'invalid_file_type',
} as const

export const SUBMISSION_STATUSES = ['pending', 'accepted', 'rejected'] as const
export const PUBLISHABLE_STATUSES = ['publishable', 'incomplete', 'published'] as const
export const UPLOAD_STATES = ['awaiting', 'uploading', 'complete'] as const
export const PROCESSING_STATES = ['waiting', 'queued', 'processing', 'ready', 'failed'] as const
export const ENGLISH_ABILITIES = ['none', 'a_little', 'well'] as const

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]
export type UploadState = (typeof UPLOAD_STATES)[number]
export type ProcessingState = (typeof PROCESSING_STATES)[number]
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .transform((value) => value.trim())

const requiredText = (label: string, max: number) =>
  text(label, max).refine((value) => value.length > 0, { error: `${label} is required.` })

const optionalText = (label: string, max: number) =>
  z
    .union([text(label, max), z.null()])
    .optional()
    .transform((value) => (value ? value : null))

const episodeNumberSchema = z.coerce
  .number({ error: 'Episode number must be a whole number.' })
  .int({ error: 'Episode number must be a whole number.' })
  .min(1, { error: 'Episode number must be 1 or more.' })
  .max(100_000, { error: 'Episode number is too large.' })

const levelSchema = z.enum(PROFICIENCY_LEVELS, { error: 'Choose a proficiency level.' })
const languageCodeSchema = z.string({ error: 'Choose a language.' }).trim().min(2).max(12)

export const createSubmissionBodySchema = z.object({
  submission: z.object(
    {
      title: requiredText('Title', SUBMISSION_TITLE_MAX_CHARS),
      description: text('Description', SUBMISSION_DESCRIPTION_MAX_CHARS).default(''),
      proficiency_level: levelSchema,
      language_code: languageCodeSchema,
      creator_emails: z
        .array(emailSchema, { error: 'creator_emails must be a list of e-mail addresses.' })
        .max(SUBMISSION_MAX_CREATORS, { error: `At most ${SUBMISSION_MAX_CREATORS} creators.` })
        .default([]),
      series_name: optionalText('Series name', SERIES_NAME_MAX_CHARS),
      episode_number: z.union([episodeNumberSchema, z.null(), z.literal('')]).optional().transform((n) =>
        typeof n === 'number' ? n : null,
      ),
      release_confirmed: z.literal(true, {
        error: 'Please confirm that every featured contributor signed a release.',
      }),
      publishable: z.boolean({ error: 'publishable must be true or false.' }).default(false),
      dialect: dialectSchema.optional().transform((value) => value ?? null),
      client_id: uuidSchema.optional(),
    },
    { error: 'submission is required.' },
  ),
})
export type CreateSubmissionBody = z.input<typeof createSubmissionBodySchema>

/** Admins set the status; the owner (or an admin) the dialect. At least one of them. */
export const patchSubmissionBodySchema = z.object({
  submission: z
    .object(
      {
        status: z.enum(['accepted', 'rejected'], { error: 'status must be accepted or rejected.' }).optional(),
        dialect: dialectSchema.optional(),
      },
      { error: 'submission is required.' },
    )
    .refine((fields) => fields.status !== undefined || fields.dialect !== undefined, { error: 'Send a status or a dialect.' }),
})

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')

/** The publish form's text fields (multipart; every value arrives as a string). */
export const publishFieldsSchema = z
  .object({
    title: requiredText('Title', SUBMISSION_TITLE_MAX_CHARS),
    description: text('Description', SUBMISSION_DESCRIPTION_MAX_CHARS).default(''),
    proficiency_level: levelSchema,
    is_free: flag,
    youtube_title: optionalText('YouTube title', YOUTUBE_TITLE_MAX_CHARS),
    youtube_description: optionalText('YouTube description', YOUTUBE_DESCRIPTION_MAX_CHARS),
    series_mode: z.enum(SERIES_MODES, { error: 'series_mode must be existing, none or new.' }).default('none'),
    series_id: z.union([z.coerce.number().int().positive(), z.literal('')]).optional().transform((n) =>
      typeof n === 'number' ? n : null,
    ),
    new_series_name: optionalText('Series name', SERIES_NAME_MAX_CHARS),
    new_series_description: optionalText('Series description', SERIES_DESCRIPTION_MAX_CHARS),
    /** Empty: the submission's own dialect; otherwise it replaces it on the video. */
    dialect: dialectSchema.optional(),
    /** A number, or empty / "next" for the series' next episode. */
    episode_number: z.union([episodeNumberSchema, z.literal(''), z.literal('next')]).optional().transform((n) =>
      typeof n === 'number' ? n : null,
    ),
  })
  .superRefine((fields, ctx) => {
    if (fields.series_mode === 'existing' && fields.series_id === null) {
      ctx.addIssue({ code: 'custom', message: 'Choose a series.' })
    }
    if (fields.series_mode === 'new' && !fields.new_series_name) {
      ctx.addIssue({ code: 'custom', message: 'Series name is required.' })
    }
  })
export type PublishFields = z.output<typeof publishFieldsSchema>

export const applicationFieldsSchema = z.object({
  name: requiredText('Name', APPLICATION_NAME_MAX_CHARS),
  email: emailSchema,
  location: text('Location', APPLICATION_LOCATION_MAX_CHARS).default(''),
  english_ability: z.enum(ENGLISH_ABILITIES, { error: 'English ability must be none, a_little or well.' }),
  notes: text('Notes', APPLICATION_NOTES_MAX_CHARS).default(''),
})
export type ApplicationFields = z.output<typeof applicationFieldsSchema>

export const patchApplicationBodySchema = z.object({
  application: z.object(
    { status: z.enum(APPLICATION_STATUSES, { error: 'status must be pending, accepted or rejected.' }) },
    { error: 'application is required.' },
  ),
})

export const applicationsQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: 'status must be pending, accepted or rejected.' }).optional(),
})

export interface Submission {
  id: number
  title: string
  description: string
  proficiency_level: (typeof PROFICIENCY_LEVELS)[number]
  language_code: string
  uploaded_by: { email: string; display_name: string | null }
  creators: { email: string }[]
  series_name: string | null
  episode_number: number | null
  status: SubmissionStatus
  publishable_status: (typeof PUBLISHABLE_STATUSES)[number]
  published_video_id: number | null
  upload: { state: UploadState; bytes_received: number; bytes_total: number | null }
  processing: { state: ProcessingState; percent: number; error: string | null }
  playback: { hls_url: string } | null
  created_at: string
  dialect: Dialect | null
  /** The caption tracks attached, with their cue counts. */
  captions: Array<{ language: 'vi' | 'en'; cues: number; duration_seconds: number }>
}

export interface SubmissionCreated {
  data: { id: number; upload: { endpoint: typeof UPLOADS_PATH; metadata: { submission_id: string } } }
}

export interface Series {
  id: number
  name: string
  description: string
  video_count: number
  next_episode_number: number
}

export interface ContributorApplication {
  id: number
  name: string
  email: string
  location: string
  english_ability: (typeof ENGLISH_ABILITIES)[number]
  notes: string
  status: ApplicationStatus
  video: { url: string; type: string; bytes: number }
  created_at: string
  decided_at: string | null
}

const pageLimit = queryWholeNumber('limit', 1, 200, 50)
const idCursor = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number({ error: 'The cursor is not valid.' }).int().positive({ error: 'The cursor is not valid.' }).optional(),
)

export const submissionsQuerySchema = z.object({
  mine: z.enum(['0', '1', 'true', 'false', ''], { error: 'mine must be 1 or 0.' }).optional().transform((v) => v === '1' || v === 'true'),
  cursor: idCursor,
  limit: pageLimit,
})

export const applicationsListQuerySchema = applicationsQuerySchema.extend({ cursor: idCursor, limit: pageLimit })
