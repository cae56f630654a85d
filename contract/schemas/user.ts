import { z } from 'zod'
import { DAILY_GOAL_MAX_MINUTES, DAILY_GOAL_MIN_MINUTES, DISPLAY_NAME_MAX_CHARS } from '../limits.ts'
import { DISPLAY_NAME_MESSAGES, displayNameProblem, normalizeDisplayName } from '../text-rules.ts'
import { countSchema, idSchema, isoDateSchema, isoDateTimeSchema } from './common.ts'

/** The current user exactly as `GET /me` answers it (and as the PWA stores it under `user`). */
export const userSchema = z.strictObject({
  id: idSchema,
  email: z.string(),
  display_name: z.string().nullable(),
  is_premium: z.boolean(),
  premium: z.boolean(),
  can_change_display_name: z.boolean(),
  next_change_at: isoDateTimeSchema.nullable(),
  daily_goal_minutes: z.number().int(),
  is_admin: z.boolean(),
  is_contributor: z.boolean(),
  time_zone: z.string(),
})
export type User = z.infer<typeof userSchema>

/** A display name as stored: NFC, trimmed, and within the rules of contract/text-rules.ts. */
function displayNameSchemaWith(options: { allowStaffNames: boolean }) {
  return z
    .string({ error: 'Display name must be text.' })
    .max(DISPLAY_NAME_MAX_CHARS * 4, { error: `Display name must be at most ${DISPLAY_NAME_MAX_CHARS} characters.` })
    .transform(normalizeDisplayName)
    .superRefine((name, ctx) => {
      const problem = displayNameProblem(name, options)
      if (problem) ctx.addIssue({ code: 'custom', message: DISPLAY_NAME_MESSAGES[problem] })
    })
}

/** Names people give themselves: staff and brand names are refused. */
export const displayNameSchema = displayNameSchemaWith({ allowStaffNames: false })
/** Names admins give (themselves or others): staff names allowed. */
export const staffDisplayNameSchema = displayNameSchemaWith({ allowStaffNames: true })

export const displayNameBodySchema = z.object({ display_name: displayNameSchema.nullable() })
export const staffDisplayNameBodySchema = z.object({ display_name: staffDisplayNameSchema.nullable() })
export type DisplayNameBody = z.input<typeof displayNameBodySchema>

export const dailyGoalMinutesSchema = z
  .number({ error: 'Daily goal must be a number of minutes.' })
  .int({ error: 'Daily goal must be a whole number of minutes.' })
  .min(DAILY_GOAL_MIN_MINUTES, { error: `Daily goal must be at least ${DAILY_GOAL_MIN_MINUTES} minute.` })
  .max(DAILY_GOAL_MAX_MINUTES, { error: `Daily goal must be at most ${DAILY_GOAL_MAX_MINUTES} minutes.` })

export const dailyGoalBodySchema = z.object({ daily_goal_minutes: dailyGoalMinutesSchema })
export type DailyGoalBody = z.input<typeof dailyGoalBodySchema>

/**
 * `PATCH /me`, the PWA's fallback when `PATCH /me/daily_goal` fails; it may also carry a display name,
 * which then follows every rule of `PATCH /me/display_name` (checked by the server after premium).
 */
export const patchMeBodySchema = z.object({
  user: z
    .object({ daily_goal_minutes: dailyGoalMinutesSchema.optional(), display_name: z.unknown().optional() })
    .refine((user) => user.daily_goal_minutes !== undefined || user.display_name !== undefined, { error: 'Nothing to change.' }),
})
export type PatchMeBody = z.input<typeof patchMeBodySchema>

export const dailyProgressSchema = z.strictObject({
  daily_goal_minutes: z.number().int(),
  today_watch_seconds: countSchema,
  /** Today in the user's time zone, `YYYY-MM-DD`. */
  date: isoDateSchema,
})
export type DailyProgress = z.infer<typeof dailyProgressSchema>
