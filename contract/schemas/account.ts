import { z } from 'zod'
import { OTP_LENGTH } from '../limits.ts'
import { countSchema, dataOf, isoDateTimeSchema } from './common.ts'

/** POST /me/delete: the code mailed by POST /me/delete/code. */
export const deleteAccountBodySchema = z.object({
  otp: z
    .string({ error: 'The code is required.' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `The code has ${OTP_LENGTH} digits.` }),
})
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>

/** A signed-in session as GET /me/sessions lists it. `id` is opaque (the start of the token's hash). */
export const accountSessionSchema = z.strictObject({
  id: z.string(),
  created_at: isoDateTimeSchema,
  last_seen_at: isoDateTimeSchema,
  user_agent: z.string().nullable(),
  /** Read from the user agent; null parts when it says nothing we know. */
  device: z.strictObject({ browser: z.string().nullable(), os: z.string().nullable() }),
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof accountSessionSchema>
export const accountSessionsResponseSchema = dataOf(z.array(accountSessionSchema))
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>
export const signOutOthersResponseSchema = dataOf(z.strictObject({ signed_out: countSchema }))
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>

/** How many codes to delete an account one account may be sent in an hour. */
export const ACCOUNT_DELETION_CODES_PER_HOUR = 5
