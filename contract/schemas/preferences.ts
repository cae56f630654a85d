/**
 * Account preferences (issue 41 items 10, 23): what follows a person from device to device. Each one is
 * a name and a value; a device sends its changes through the outbox (POST /me/preferences) and reads
 * them all at start (GET /me/preferences). Per person and name, the change with the latest occurred_at
 * wins whatever order the batches arrive in (ties: the larger client_id), so two devices converge.
 */
import { z } from 'zod'
import { dataOf, isoDateTimeSchema, uuidSchema } from './common.ts'
import { dailyGoalMinutesSchema } from './user.ts'

export const THEMES = ['light', 'dark', 'device'] as const
export type Theme = (typeof THEMES)[number]
export const UI_LANGUAGES = ['en', 'vi'] as const
export type UiLanguage = (typeof UI_LANGUAGES)[number]

/** Each preference's value. */
export const PREFERENCE_VALUES = {
  learning_language: z.string().min(1).max(20),
  ui_language: z.enum(UI_LANGUAGES),
  daily_goal_minutes: dailyGoalMinutesSchema,
  theme: z.enum(THEMES),
  // Which tracks show over the picture; `yue` a Cantonese video's own (absent where an older build sent the choice).
  captions: z.strictObject({ vi: z.boolean(), en: z.boolean(), yue: z.boolean().optional() }),
  caption_size: z.enum(['s', 'm', 'l']),
  caption_background: z.enum(['none', 'shadow', 'box']),
  auto_pause: z.boolean(),
  listening: z.boolean(),
  double_tap_skip: z.boolean(),
} as const
export type PreferenceName = keyof typeof PREFERENCE_VALUES
export const PREFERENCE_NAMES = Object.keys(PREFERENCE_VALUES) as PreferenceName[]
export type Preferences = { [K in PreferenceName]: z.infer<(typeof PREFERENCE_VALUES)[K]> }

export const PREFERENCES_MAX_BATCH = 100
export const PREFERENCE_REJECTIONS = ['invalid_preference', 'unknown_language', 'in_the_future'] as const
export type PreferenceRejection = (typeof PREFERENCE_REJECTIONS)[number]

/** One change of POST /me/preferences, checked alone (a bad one is rejected, the rest land). */
export const preferenceChangeSchema = z.discriminatedUnion(
  'name',
  PREFERENCE_NAMES.map((name) =>
    z.object({ client_id: uuidSchema, name: z.literal(name), value: PREFERENCE_VALUES[name], occurred_at: z.iso.datetime({ offset: true }) }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  { error: `name is one of ${PREFERENCE_NAMES.join(', ')}.` },
)
export interface PreferenceChange<K extends PreferenceName = PreferenceName> {
  client_id: string
  name: K
  value: Preferences[K]
  occurred_at: string
}

export const preferencesBodySchema = z.object({
  preferences: z
    .array(z.unknown(), { error: 'preferences must be a list.' })
    .min(1, { error: 'Send at least one preference.' })
    .max(PREFERENCES_MAX_BATCH, { error: `Send at most ${PREFERENCES_MAX_BATCH} preferences at once.` }),
})

export const preferencesResultSchema = dataOf(
  z.strictObject({
    accepted: z.array(z.string()),
    duplicate: z.array(z.string()),
    rejected: z.array(z.strictObject({ client_id: z.string().nullable(), error: z.enum(PREFERENCE_REJECTIONS), message: z.string() })),
  }),
)
export type PreferencesResult = z.infer<typeof preferencesResultSchema>

/** GET /me/preferences: the preferences the account holds (one never set is absent), and when each was set. */
export const myPreferencesSchema = dataOf(
  z.strictObject({
    values: z.strictObject(Object.fromEntries(PREFERENCE_NAMES.map((name) => [name, PREFERENCE_VALUES[name].optional()])) as {
      [K in PreferenceName]: z.ZodOptional<(typeof PREFERENCE_VALUES)[K]>
    }),
    updated_at: z.partialRecord(z.enum(PREFERENCE_NAMES as [PreferenceName, ...PreferenceName[]]), isoDateTimeSchema),
  }),
)
export type MyPreferences = z.infer<typeof myPreferencesSchema>['data']
