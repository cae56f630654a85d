import { z } from 'zod'
import { OTP_LENGTH } from '../limits.ts'

/** POST /me/delete: the code mailed by POST /me/delete/code. */
export const deleteAccountBodySchema = z.object({
  otp: z
    .string({ error: 'The code is required.' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `The code has ${OTP_LENGTH} digits.` }),
})
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>

/** A signed-in session as GET /me/sessions lists it. `id` is opaque (the start of the token's hash). */
export interface AccountSession {
  id: string
  created_at: string
  last_seen_at: string
  user_agent: string | null
  /** Read from the user agent; null parts when it says nothing we know. */
  device: { browser: string | null; os: string | null }
  current: boolean
}
export interface AccountSessionsResponse {
  data: AccountSession[]
}
export interface SignOutOthersResponse {
  data: { signed_out: number }
}

/** How many codes to delete an account one account may be sent in an hour. */
export const ACCOUNT_DELETION_CODES_PER_HOUR = 5
