import { z } from 'zod'
import {
  DAILY_GOAL_MAX_MINUTES,
  DAILY_GOAL_MIN_MINUTES,
  DISPLAY_NAME_MAX_CHARS,
  DISPLAY_NAME_MIN_CHARS,
} from '../limits.ts'
import { countCharacters, DISPLAY_NAME_PATTERN } from '../text.ts'

/** The current user exactly as `GET /me` answers it (and as the PWA stores it under `user`). */
export interface User {
  id: number
  email: string
  display_name: string | null
  is_premium: boolean
  premium: boolean
  can_change_display_name: boolean
  next_change_at: string | null
  daily_goal_minutes: number
  is_admin: boolean
  is_contributor: boolean
  time_zone: string
}

export const displayNameSchema = z
  .string({ error: 'Display name must be text.' })
  .max(DISPLAY_NAME_MAX_CHARS * 4, { error: `Display name must be at most ${DISPLAY_NAME_MAX_CHARS} characters.` })
  .transform((name) => name.normalize('NFC').trim())
  .superRefine((name, ctx) => {
    const length = countCharacters(name)
    if (length < DISPLAY_NAME_MIN_CHARS || length > DISPLAY_NAME_MAX_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: `Display name must be ${DISPLAY_NAME_MIN_CHARS} to ${DISPLAY_NAME_MAX_CHARS} characters.`,
      })
    } else if (!DISPLAY_NAME_PATTERN.test(name)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Display name may only hold letters, digits, spaces, dots, underscores and hyphens.',
      })
    }
  })

export const displayNameBodySchema = z.object({ display_name: displayNameSchema.nullable() })
export type DisplayNameBody = z.input<typeof displayNameBodySchema>

export const dailyGoalMinutesSchema = z
  .number({ error: 'Daily goal must be a number of minutes.' })
  .int({ error: 'Daily goal must be a whole number of minutes.' })
  .min(DAILY_GOAL_MIN_MINUTES, { error: `Daily goal must be at least ${DAILY_GOAL_MIN_MINUTES} minute.` })
  .max(DAILY_GOAL_MAX_MINUTES, { error: `Daily goal must be at most ${DAILY_GOAL_MAX_MINUTES} minutes.` })

export const dailyGoalBodySchema = z.object({ daily_goal_minutes: dailyGoalMinutesSchema })
export type DailyGoalBody = z.input<typeof dailyGoalBodySchema>

/** `PATCH /me`, the PWA's fallback when `PATCH /me/daily_goal` fails. */
export const patchMeBodySchema = z.object({ user: z.object({ daily_goal_minutes: dailyGoalMinutesSchema }) })
export type PatchMeBody = z.input<typeof patchMeBodySchema>

export interface DailyProgress {
  daily_goal_minutes: number
  today_watch_seconds: number
  /** Today in the user's time zone, `YYYY-MM-DD`. */
  date: string
}
