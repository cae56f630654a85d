import { z } from 'zod'
import { emailSchema } from './common.ts'

/** `website` is the honeypot: people never see it, bots fill it in. */
export const waitlistBodySchema = z.object({
  email: emailSchema,
  website: z.string().max(2000).optional(),
})
export type WaitlistBody = z.input<typeof waitlistBodySchema>
