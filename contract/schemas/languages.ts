import { z } from 'zod'
import { countSchema } from './common.ts'

export const languageSchema = z.strictObject({
  code: z.string(),
  name: z.string(),
  native_name: z.string(),
  video_count: countSchema,
})
export type Language = z.infer<typeof languageSchema>

/** GET /health: the running version, its database engine and its role (api, worker or both). */
export const healthSchema = z.strictObject({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  role: z.enum(['api', 'worker', 'api+worker']),
})
export type Health = z.infer<typeof healthSchema>

/** GET /health/live: the process answers (it says nothing of the database). */
export const healthLiveSchema = z.strictObject({ status: z.literal('live') })
/**
 * GET /health/ready: every check `ok` (database, migrations, disk; bucket with media in S3). Not ready
 * is 503 `not_ready`, its message naming what is wrong and `checks` the same per check.
 */
export const healthReadySchema = z.strictObject({
  status: z.literal('ready'),
  checks: z.strictObject({ database: z.literal('ok'), migrations: z.literal('ok'), disk: z.literal('ok'), bucket: z.literal('ok').optional() }),
})
/**
 * GET /demo/progress?language=CODE: the counts of that language's demo videos (the Vietnamese shelf says
 * "2 of 7", not "2 of 10" while the Cantonese one is still to come); without it, the whole demo's.
 */
export const demoProgressQuerySchema = z.object({
  language: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).max(20).optional()),
})
/** GET /demo/progress: while the demo catalogue is being made on a new server, how many of its videos are ready. */
export const demoProgressSchema = z.strictObject({ total: countSchema, ready: countSchema })
export type DemoProgress = z.infer<typeof demoProgressSchema>
