import { z } from 'zod'
import { dataOf, uuidSchema } from './common.ts'
import { OUTSIDE_HOURS_KINDS, OUTSIDE_MINUTES_MAX, OUTSIDE_NOTE_MAX_CHARS } from '../vocabulary.ts'
export { OUTSIDE_HOURS_KINDS, OUTSIDE_MINUTES_MAX, OUTSIDE_NOTE_MAX_CHARS } from '../vocabulary.ts'

/** No date holds more outside time than this, all entries together (api-contract "Hardening"). */
export const OUTSIDE_DAY_MAX_MINUTES = 24 * 60
/** The error code of an entry that would pass it. */
export const OUTSIDE_TOO_MANY_HOURS = 'too_many_hours'
/** How far back an entry may be dated. */
export const OUTSIDE_HOURS_MAX_AGE_DAYS = 365

export const outsideHoursBodySchema = z.object({
  entry: z.object(
    {
      client_id: uuidSchema,
      date: z.iso.date({ error: 'date must be a day (YYYY-MM-DD).' }),
      minutes: z
        .number({ error: 'minutes must be a number.' })
        .int({ error: 'minutes must be a whole number.' })
        .min(1, { error: 'Enter at least 1 minute.' })
        .max(OUTSIDE_MINUTES_MAX, { error: `Enter at most ${OUTSIDE_MINUTES_MAX} minutes.` }),
      type: z.enum(OUTSIDE_HOURS_KINDS, { error: 'type is watching, listening or talking.' }),
      note: z.string().trim().max(OUTSIDE_NOTE_MAX_CHARS, { error: `The note must be at most ${OUTSIDE_NOTE_MAX_CHARS} characters.` }).default(''),
    },
    { error: 'entry is required.' },
  ),
})
export type OutsideHoursBody = z.input<typeof outsideHoursBodySchema>

/** POST /me/outside_hours: the entry kept (or kept before), by its client_id. */
export const outsideHoursSavedSchema = dataOf(z.strictObject({ client_id: z.string() }))
