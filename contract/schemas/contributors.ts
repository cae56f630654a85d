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
import { CAPTION_LANGUAGES, DIALECTS, dialectSchema } from './captions.ts'
import { countSchema, dataOf, emailSchema, idSchema, isoDateTimeSchema, queryWholeNumber, uuidSchema } from './common.ts'
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
/** The one status a person reads (issue 41): waiting for review → accepted → published, or declined. */
export const SUBMISSION_STAGES = ['waiting', 'accepted', 'published', 'declined'] as const
export const PUBLISHABLE_STATUSES = ['publishable', 'incomplete', 'published'] as const
export const UPLOAD_STATES = ['awaiting', 'uploading', 'complete'] as const
export const PROCESSING_STATES = ['waiting', 'queued', 'processing', 'ready', 'failed'] as const
export const ENGLISH_ABILITIES = ['none', 'a_little', 'well'] as const

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]
export type SubmissionStage = (typeof SUBMISSION_STAGES)[number]
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
  /** The app's language as the form was sent: the replies are e-mailed in it. Never a reason to refuse. */
  ui_language: z
    .unknown()
    .optional()
    .transform((value): 'en' | 'vi' => (value === 'vi' ? 'vi' : 'en')),
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

export const submissionSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  proficiency_level: z.enum(PROFICIENCY_LEVELS),
  language_code: z.string(),
  uploaded_by: z.strictObject({ email: z.string(), display_name: z.string().nullable() }),
  creators: z.array(z.strictObject({ email: z.string() })),
  series_name: z.string().nullable(),
  episode_number: z.number().int().nullable(),
  /** The review's decision as stored; `stage` is what to show. */
  status: z.enum(SUBMISSION_STATUSES),
  stage: z.enum(SUBMISSION_STAGES),
  publishable_status: z.enum(PUBLISHABLE_STATUSES),
  published_video_id: idSchema.nullable(),
  upload: z.strictObject({ state: z.enum(UPLOAD_STATES), bytes_received: countSchema, bytes_total: countSchema.nullable() }),
  processing: z.strictObject({ state: z.enum(PROCESSING_STATES), percent: z.number().min(0).max(100), error: z.string().nullable() }),
  playback: z.strictObject({ hls_url: z.string() }).nullable(),
  created_at: isoDateTimeSchema,
  dialect: z.enum(DIALECTS).nullable(),
  /** The caption tracks attached, with their cue counts. */
  captions: z.array(z.strictObject({ language: z.enum(CAPTION_LANGUAGES), cues: countSchema, duration_seconds: z.number().min(0) })),
})
export type Submission = z.infer<typeof submissionSchema>

export const submissionCreatedSchema = dataOf(
  z.strictObject({ id: idSchema, upload: z.strictObject({ endpoint: z.literal(UPLOADS_PATH), metadata: z.strictObject({ submission_id: z.string() }) }) }),
)
export type SubmissionCreated = z.infer<typeof submissionCreatedSchema>

export const seriesSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  video_count: countSchema,
  next_episode_number: z.number().int().min(1),
})
export type Series = z.infer<typeof seriesSchema>

export const contributorApplicationSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  location: z.string(),
  english_ability: z.enum(ENGLISH_ABILITIES),
  notes: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  video: z.strictObject({ url: z.string(), type: z.string(), bytes: countSchema }),
  created_at: isoDateTimeSchema,
  decided_at: isoDateTimeSchema.nullable(),
})
export type ContributorApplication = z.infer<typeof contributorApplicationSchema>

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
