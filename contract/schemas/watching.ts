import { z } from 'zod'
import { COMMENT_MAX_CHARS, WATCH_EVENTS_MAX_BATCH } from '../limits.ts'
import { countCharacters } from '../text.ts'
import { uuidSchema } from './common.ts'

/** Outbox rules for one watch event (api-contract "The outbox calls"). */
export const WATCH_EVENT_MAX_SECONDS = 60
/** Slack allowed between the played span and the reported seconds (timer granularity). */
export const WATCH_EVENT_SPAN_SLACK_SECONDS = 2
export const WATCH_EVENT_MAX_AGE_DAYS = 30
export const WATCH_EVENT_MAX_FUTURE_MINUTES = 5
export const PLAYBACK_RATE_MIN = 0.25
export const PLAYBACK_RATE_MAX = 4

/** Why an event was refused; the rest of its batch still lands. */
export const WATCH_EVENT_REJECTIONS = [
  'invalid_event',
  'watched_seconds_out_of_range',
  'exceeds_played_span',
  'too_old',
  'in_the_future',
  'unknown_video',
  'not_watchable',
] as const
export type WatchEventRejection = (typeof WATCH_EVENT_REJECTIONS)[number]

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
  })
  .refine((event) => event.position_to >= event.position_from, { error: 'position_to is before position_from' })
export type WatchEventInput = z.input<typeof watchEventSchema>

export const watchEventsBodySchema = z.object({
  events: z
    .array(z.unknown(), { error: 'events must be a list.' })
    .min(1, { error: 'Send at least one event.' })
    .max(WATCH_EVENTS_MAX_BATCH, { error: `Send at most ${WATCH_EVENTS_MAX_BATCH} events at once.` }),
})

export interface WatchEventsResult {
  data: {
    accepted: string[]
    duplicate: string[]
    rejected: Array<{ client_id: string | null; error: WatchEventRejection; message: string }>
  }
}

export const commentTextSchema = z
  .string({ error: 'Comment cannot be empty' })
  .max(COMMENT_MAX_CHARS * 4, { error: 'Comment must be under 2000 characters' })
  .transform((text) => text.trim())
  .superRefine((text, ctx) => {
    if (text.length === 0) ctx.addIssue({ code: 'custom', message: 'Comment cannot be empty' })
    else if (countCharacters(text) > COMMENT_MAX_CHARS) ctx.addIssue({ code: 'custom', message: 'Comment must be under 2000 characters' })
  })

export const commentBodySchema = z.object({
  comment: z.object({ text: commentTextSchema, client_id: uuidSchema }, { error: 'comment is required.' }),
})
export type CommentBody = z.input<typeof commentBodySchema>

export interface Comment {
  id: number
  text: string
  author: { display_name: string | null }
  created_at: string
}
