import { z } from 'zod'
import { COMMENT_MAX_CHARS, WATCH_EVENTS_MAX_BATCH } from '../limits.ts'
import { countCharacters } from '../text.ts'
import { hasVisibleCharacter, MAX_COMBINING_MARKS_IN_A_ROW, stacksMarks, stripBidiControls } from '../visible-text.ts'
import { PLAYBACK_RATE_MAX, PLAYBACK_RATE_MIN, WATCH_MODES, type CheckedWatchEvent } from '../watch-event-check.ts'
import { dataOf, idSchema, isoDateTimeSchema, uuidSchema } from './common.ts'
import { WATCH_EVENT_REJECTIONS } from '../vocabulary.ts'
export { WATCH_EVENT_MAX_SECONDS, WATCH_EVENT_MAX_AGE_DAYS, WATCH_EVENT_REJECTIONS, type WatchEventRejection } from '../vocabulary.ts'

// The hand-written check of one event lives in a module without zod, so the PWA's outbox can take it too.
export { PLAYBACK_RATE_MAX, PLAYBACK_RATE_MIN, WATCH_MODES, parseIsoDateTime, parseWatchEvent, type ParsedWatchEvent, type WatchMode } from '../watch-event-check.ts'

/** Slack allowed between the played span and the reported seconds (timer granularity). */
export const WATCH_EVENT_SPAN_SLACK_SECONDS = 2
export const WATCH_EVENT_MAX_FUTURE_MINUTES = 5
/** No local day holds more watch time than this (api-contract "Hardening"). */
export const WATCH_DAY_MAX_SECONDS = 24 * 3600


const seconds = z.number().finite().min(0).max(24 * 3600)


export const watchEventSchema = z
  .object({
    client_id: uuidSchema,
    video_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/).transform(Number)]),
    position_from: seconds,
    position_to: seconds,
    watched_seconds: z.number().finite(),
    playback_rate: z.number().finite().min(PLAYBACK_RATE_MIN).max(PLAYBACK_RATE_MAX),
    occurred_at: z.iso.datetime({ offset: true }),
    /** Absent: watched. Listening counts toward the goal exactly as watching does. */
    mode: z.enum(WATCH_MODES).optional(),
  })
  .refine((event) => event.position_to >= event.position_from, { error: 'position_to is before position_from' })
export type WatchEventInput = z.input<typeof watchEventSchema>
export type WatchEvent = z.output<typeof watchEventSchema>
// parseWatchEvent's event is this schema's output: a change to one that the other lacks fails the typecheck.
const sameEvent: [WatchEvent] extends [CheckedWatchEvent] ? ([CheckedWatchEvent] extends [WatchEvent] ? true : false) : false = true
void sameEvent


export const watchEventsBodySchema = z.object({
  events: z
    .array(z.unknown(), { error: 'events must be a list.' })
    .min(1, { error: 'Send at least one event.' })
    .max(WATCH_EVENTS_MAX_BATCH, { error: `Send at most ${WATCH_EVENTS_MAX_BATCH} events at once.` }),
})

export const watchEventsResultSchema = dataOf(
  z.strictObject({
    accepted: z.array(z.string()),
    duplicate: z.array(z.string()),
    rejected: z.array(z.strictObject({ client_id: z.string().nullable(), error: z.enum(WATCH_EVENT_REJECTIONS), message: z.string() })),
  }),
)
export type WatchEventsResult = z.infer<typeof watchEventsResultSchema>

export const commentTextSchema = z
  .string({ error: 'Comment cannot be empty' })
  .max(COMMENT_MAX_CHARS * 4, { error: 'Comment must be under 2000 characters' })
  .transform((text) => stripBidiControls(text).trim())
  .superRefine((text, ctx) => {
    // Zero-width or filler characters alone read as nothing: the same as empty.
    if (!hasVisibleCharacter(text)) ctx.addIssue({ code: 'custom', message: 'Comment cannot be empty' })
    else if (countCharacters(text) > COMMENT_MAX_CHARS) ctx.addIssue({ code: 'custom', message: 'Comment must be under 2000 characters' })
    else if (stacksMarks(text)) ctx.addIssue({ code: 'custom', message: `Comment may not stack more than ${MAX_COMBINING_MARKS_IN_A_ROW} accent marks on a letter` })
  })

export const commentBodySchema = z.object({
  comment: z.object({ text: commentTextSchema, client_id: uuidSchema }, { error: 'comment is required.' }),
})
export type CommentBody = z.input<typeof commentBodySchema>

export const commentSchema = z.strictObject({
  id: idSchema,
  /** Empty when `deleted`: the client says "deleted" in the reader's language. */
  text: z.string(),
  author: z.strictObject({ display_name: z.string().nullable() }),
  created_at: isoDateTimeSchema,
  /** The author deleted their account: the comment keeps its place in the thread, without its words. */
  deleted: z.boolean(),
})
export type Comment = z.infer<typeof commentSchema>
