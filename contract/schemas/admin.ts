import { z } from 'zod'
import { ACCESS_LEVELS, SEARCH_MAX_CHARS } from '../limits.ts'
import type { AccessLevel } from './catalogue.ts'
import { listLimitSchema } from './catalogue.ts'
import { dialectSchema, type Dialect } from './captions.ts'
import { staffDisplayNameSchema } from './user.ts'
import { ADMIN_FEEDBACK_RANGES, ADMIN_JOB_STATES } from '../vocabulary.ts'
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
  state: z.preprocess(blankToUndefined, z.enum(ADMIN_JOB_STATES, { error: 'state is all, queued, running or failed.' }).default('all')),
  cursor,
  limit: listLimitSchema,
})

export const patchAdminVideoBodySchema = z.object({
  video: z
    .object({
      access_level: z.enum(ACCESS_LEVELS, { error: 'access_level is free, premium or preview.' }).optional(),
      dialect: dialectSchema.optional(),
    })
    .refine((fields) => fields.access_level !== undefined || fields.dialect !== undefined, { error: 'Send an access_level or a dialect.' }),
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

export interface AdminVideo {
  id: number
  title: string
  youtube_id: string | null
  access_level: AccessLevel
  thumbnail_url: string | null
  youtube_thumbnail_url: string | null
  language_code: string
  published_at: string | null
  dialect: Dialect | null
}

export interface AdminUser {
  id: number
  email: string
  display_name: string | null
  is_premium: boolean
  is_admin: boolean
  is_contributor: boolean
  created_at: string
}

export interface AdminFeedback {
  id: number
  feedback: string
  environment_data: Record<string, unknown> | null
  user: { id: number; email: string; display_name: string | null }
  created_at: string
}

/** A job as the admin jobs view shows it. Times are ISO strings (the database's clock). */
export interface AdminJob {
  id: number
  kind: string
  state: 'queued' | 'running' | 'failed'
  /** Attempts spent so far, of `max_attempts` (null: a kind this server has no handler for). */
  attempts: number
  max_attempts: number | null
  /** The last error: kept while the job waits to run again, and on a failed job. */
  error: string | null
  created_at: string
  started_at: string | null
  finished_at: string | null
  /** A queued job waiting for its backoff runs no earlier than this; null: as soon as a worker is free. */
  run_after: string | null
}
