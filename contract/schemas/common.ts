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

/**
 * A whole number in a query string, within `min`..`max`: ASCII digits only, so `1e2`, `0x10`, ` 1` and
 * `1.0` are refused (422) rather than read as numbers; blank counts as absent (then `fallback`, if any).
 */
export function queryWholeNumber(name: string, min: number, max: number): z.ZodType<number | undefined, unknown>
export function queryWholeNumber(name: string, min: number, max: number, fallback: number): z.ZodType<number, unknown>
export function queryWholeNumber(name: string, min: number, max: number, fallback?: number): z.ZodType<number | undefined, unknown> {
  const message = `${name} must be a whole number from ${min} to ${max}.`
  const whole = z
    .string({ error: message })
    .regex(/^[0-9]{1,15}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }))
    .optional()
  return z.preprocess((value) => (value === '' ? undefined : value), fallback === undefined ? whole : whole.transform((value) => value ?? fallback))
}

/*
 * Answers (route-answer-schemas.ts): strict objects, so an answer that carries a field its type does not
 * name (a column a repository let through) fails the answer check as surely as one that lacks a field.
 * No transforms: what the schema reads is what the server writes, and its type is z.infer of it.
 */

/** An ISO date-time as the server writes it (toISOString, or the database's text with an offset). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true })
/** A day, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date()
/** A whole number ≥ 0. */
export const countSchema = z.number().int().min(0)
/** A row id. */
export const idSchema = z.number().int().positive()

/** `{ data: T }`, the usual answer. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.strictObject({ data: schema })

/** A page of a keyset-paged list: its items and the cursor of the next page (null: the last page). */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), next_cursor: z.string().nullable() })
