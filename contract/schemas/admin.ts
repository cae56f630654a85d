import { z } from 'zod'
import { ACCESS_LEVELS, SEARCH_MAX_CHARS } from '../limits.ts'
import { listLimitSchema } from './catalogue.ts'
import { DIALECTS, dialectSchema } from './captions.ts'
import { countSchema, idSchema, isoDateTimeSchema } from './common.ts'
import { staffDisplayNameSchema } from './user.ts'
import { ADMIN_FEEDBACK_RANGES, ADMIN_JOB_STATES, SUBMISSION_TITLE_MAX_CHARS } from '../vocabulary.ts'
export { ADMIN_FEEDBACK_RANGES, ADMIN_JOB_STATES, type AdminFeedbackRange, type AdminJobStateFilter } from '../vocabulary.ts'

export const ADMIN_VIDEO_ACCESS_FILTERS = ['all', ...ACCESS_LEVELS] as const
export const THUMBNAILS_REQUIRED_MESSAGE = 'Please choose at least one image to upload.'

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)
const search = z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_MAX_CHARS, { error: 'Search is too long.' }).optional())
const cursor = z.preprocess(blankToUndefined, z.string().max(200).optional())

export const adminVideosQuerySchema = z.object({
  q: search,
  access: z.preprocess(blankToUndefined, z.enum(ADMIN_VIDEO_ACCESS_FILTERS, { error: 'Unknown access filter.' }).default('all')),
  cursor,
  limit: listLimitSchema,
})

export const adminUsersQuerySchema = z.object({ q: search, cursor, limit: listLimitSchema })

export const adminFeedbackQuerySchema = z.object({
  q: search,
  range: z.preprocess(blankToUndefined, z.enum(ADMIN_FEEDBACK_RANGES, { error: 'range is all, 30d or 7d.' }).default('all')),
  cursor,
  limit: listLimitSchema,
})

export const adminJobsQuerySchema = z.object({
  state: z.preprocess(blankToUndefined, z.enum(ADMIN_JOB_STATES, { error: 'state is all, queued, running, done or failed.' }).default('all')),
  cursor,
  limit: listLimitSchema,
})

export const patchAdminVideoBodySchema = z.object({
  video: z
    .object({
      access_level: z.enum(ACCESS_LEVELS, { error: 'access_level is free, premium or preview.' }).optional(),
      dialect: dialectSchema.optional(),
      // The limit a contributor's title has on the publish form.
      title: z
        .string({ error: 'title must be text.' })
        .transform((value) => value.trim())
        .pipe(z.string().min(1, { error: 'Title is required.' }).max(SUBMISSION_TITLE_MAX_CHARS, { error: `Title must be at most ${SUBMISSION_TITLE_MAX_CHARS} characters.` }))
        .optional(),
    })
    .refine((fields) => fields.access_level !== undefined || fields.dialect !== undefined || fields.title !== undefined, { error: 'Send an access_level, a dialect or a title.' }),
})

/** Admins rename anyone (no premium rule, no cooldown) and grant or remove the contributor role. */
export const patchAdminUserBodySchema = z.object({
  user: z
    .object({
      // Admins may give staff names (a moderator's account), never invisible ones.
      display_name: staffDisplayNameSchema.nullable().optional(),
      is_contributor: z.boolean({ error: 'is_contributor is true or false.' }).optional(),
    })
    .refine((user) => user.display_name !== undefined || user.is_contributor !== undefined, { error: 'Nothing to change.' }),
})

export const adminVideoSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  youtube_id: z.string().nullable(),
  access_level: z.enum(ACCESS_LEVELS),
  thumbnail_url: z.string().nullable(),
  youtube_thumbnail_url: z.string().nullable(),
  language_code: z.string(),
  published_at: isoDateTimeSchema.nullable(),
  dialect: z.enum(DIALECTS).nullable(),
})
export type AdminVideo = z.infer<typeof adminVideoSchema>

export const adminUserSchema = z.strictObject({
  id: idSchema,
  email: z.string(),
  display_name: z.string().nullable(),
  is_premium: z.boolean(),
  is_admin: z.boolean(),
  is_contributor: z.boolean(),
  created_at: isoDateTimeSchema,
})
export type AdminUser = z.infer<typeof adminUserSchema>

export const adminFeedbackSchema = z.strictObject({
  id: idSchema,
  feedback: z.string(),
  environment_data: z.record(z.string(), z.unknown()).nullable(),
  user: z.strictObject({ id: idSchema, email: z.string(), display_name: z.string().nullable() }),
  created_at: isoDateTimeSchema,
})
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>

/** A job as the admin jobs view shows it. Times are ISO strings (the database's clock). */
export const adminJobSchema = z.strictObject({
  id: idSchema,
  kind: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  /** Attempts spent so far, of `max_attempts` (null: a kind this server has no handler for). */
  attempts: countSchema,
  max_attempts: countSchema.nullable(),
  /** The last error: kept while the job waits to run again, and on a failed job. */
  error: z.string().nullable(),
  created_at: isoDateTimeSchema,
  started_at: isoDateTimeSchema.nullable(),
  finished_at: isoDateTimeSchema.nullable(),
  /** A queued job waiting for its backoff runs no earlier than this; null: as soon as a worker is free. */
  run_after: isoDateTimeSchema.nullable(),
})
export type AdminJob = z.infer<typeof adminJobSchema>

/** GET /admin/summary: what waits for an admin, for the dashboard. */
export const adminSummarySchema = z.strictObject({
  /** Processed, neither published nor declined: the submissions page's Publish. */
  submissions_ready_to_publish: countSchema,
  submissions_waiting_for_review: countSchema,
  applications_pending: countSchema,
})
export type AdminSummary = z.infer<typeof adminSummarySchema>
