import { z } from 'zod'
import { OTP_LENGTH } from '../limits.ts'
import { emailSchema } from './common.ts'
import type { User } from './user.ts'

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

export interface VerifyResponse {
  data: { token: string; user: User; is_new_user: boolean }
}
export interface RegisterResponse {
  data: { sent: true }
}
