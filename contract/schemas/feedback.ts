import { z } from 'zod'
import { FEEDBACK_MAX_CHARS, FEEDBACK_MIN_CHARS } from '../limits.ts'
import { countCharacters } from '../text.ts'
import { dataOf, idSchema, uuidSchema } from './common.ts'

/**
 * What the PWA collects with each feedback (spec section 3). The server keeps whatever object arrives,
 * whole, as long as it is flat: scalar values under short keys.
 */
export interface EnvironmentData {
  userAgent: string
  screenResolution: string
  viewportDimensions: string
  devicePixelRatio: number
  browserLanguage: string
  currentPage: string
  appLanguage: string
  sessionDuration: number | null
  timestamp: string
  [extra: string]: string | number | boolean | null
}

const environmentValueSchema = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()], {
  error: 'environment_data values must be text, numbers, true/false or null.',
})

export const environmentDataSchema = z
  .record(z.string().max(100), environmentValueSchema, { error: 'environment_data must be an object.' })
  .refine((data) => Object.keys(data).length <= 50, { error: 'environment_data has too many fields.' })

export const feedbackTextSchema = z
  .string({ error: 'Feedback is required.' })
  .max(FEEDBACK_MAX_CHARS * 4, { error: `Feedback must be at most ${FEEDBACK_MAX_CHARS} characters.` })
  .transform((text) => text.trim())
  .superRefine((text, ctx) => {
    const length = countCharacters(text)
    if (length < FEEDBACK_MIN_CHARS) {
      ctx.addIssue({ code: 'custom', message: `Feedback must be at least ${FEEDBACK_MIN_CHARS} characters.` })
    } else if (length > FEEDBACK_MAX_CHARS) {
      ctx.addIssue({ code: 'custom', message: `Feedback must be at most ${FEEDBACK_MAX_CHARS} characters.` })
    }
  })

export const feedbackBodySchema = z.object({
  user_feedback: z.object(
    {
      feedback: feedbackTextSchema,
      environment_data: environmentDataSchema.nullish(),
      client_id: uuidSchema.optional(),
    },
    { error: 'user_feedback is required.' },
  ),
})
export type FeedbackBody = z.input<typeof feedbackBodySchema>

export const feedbackCreatedSchema = dataOf(z.strictObject({ id: idSchema }))
export type FeedbackCreated = z.infer<typeof feedbackCreatedSchema>
