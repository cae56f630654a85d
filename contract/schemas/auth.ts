import { z } from 'zod'
import { OTP_LENGTH } from '../limits.ts'
import { dataOf, emailSchema } from './common.ts'
import { userSchema } from './user.ts'

export const registerBodySchema = z.object({ email: emailSchema })
export type RegisterBody = z.input<typeof registerBodySchema>

export const verifyBodySchema = z.object({
  email: emailSchema,
  otp: z
    .string({ error: 'The code is required.' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `The code has ${OTP_LENGTH} digits.` }),
})
export type VerifyBody = z.input<typeof verifyBodySchema>

export const verifyResponseSchema = dataOf(z.strictObject({ token: z.string(), user: userSchema, is_new_user: z.boolean() }))
export type VerifyResponse = z.infer<typeof verifyResponseSchema>
/** POST /auth/register (and POST /me/delete/code): a code is on its way. */
export const codeSentSchema = dataOf(z.strictObject({ sent: z.literal(true) }))
export type RegisterResponse = z.infer<typeof codeSentSchema>
