import { z } from 'zod'
import { EMAIL_MAX_CHARS } from '../limits.ts'
import { normalizeEmail } from '../text.ts'

/** An e-mail address as people type it: trimmed and lower-cased before it is checked. */
export const emailSchema = z
  .string({ error: 'Email is required.' })
  .max(EMAIL_MAX_CHARS * 2, { error: 'Email is too long.' })
  .transform(normalizeEmail)
  .pipe(z.email({ error: 'Please enter a valid email address.' }).max(EMAIL_MAX_CHARS, { error: 'Email is too long.' }))

export const uuidSchema = z.uuid({ error: 'client_id must be a UUID.' })
