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
export type WatchEvent = z.output<typeof watchEventSchema>

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/
const MAX_POSITION = 24 * 3600

/**
 * The same rules as `watchEventSchema`, checked by hand: the server runs this for every event of
 * every batch (up to 500 a call), where zod's per-event cost was most of the ingest time. A test
 * keeps the two in agreement.
 */
export function parseWatchEvent(raw: unknown): { ok: true; event: WatchEvent } | { ok: false; message: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, message: 'event: must be an object' }
  const e = raw as Record<string, unknown>
  const problems: string[] = []
  if (typeof e.client_id !== 'string' || !UUID.test(e.client_id)) problems.push('client_id: must be a UUID')
  let videoId: number | undefined
  if (typeof e.video_id === 'number' && Number.isInteger(e.video_id) && e.video_id > 0) videoId = e.video_id
  else if (typeof e.video_id === 'string' && /^\d{1,15}$/.test(e.video_id)) videoId = Number(e.video_id)
  else problems.push('video_id: must be a positive whole number')
  const position = (name: 'position_from' | 'position_to') => {
    const value = e[name]
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_POSITION) {
      problems.push(`${name}: must be a number of seconds from 0 to ${MAX_POSITION}`)
    }
  }
  position('position_from')
  position('position_to')
  if (typeof e.watched_seconds !== 'number' || !Number.isFinite(e.watched_seconds)) problems.push('watched_seconds: must be a number')
  const rate = e.playback_rate
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < PLAYBACK_RATE_MIN || rate > PLAYBACK_RATE_MAX) {
    problems.push(`playback_rate: must be from ${PLAYBACK_RATE_MIN} to ${PLAYBACK_RATE_MAX}`)
  }
  if (typeof e.occurred_at !== 'string' || !ISO_DATETIME.test(e.occurred_at) || Number.isNaN(Date.parse(e.occurred_at))) {
    problems.push('occurred_at: must be an ISO date-time')
  }
  if (problems.length === 0 && (e.position_to as number) < (e.position_from as number)) problems.push('position_to is before position_from')
  if (problems.length > 0) return { ok: false, message: problems.join('; ') }
  // The checked object itself is answered (no copy: this runs 500 times a batch); only a video_id
  // sent as a string is normalised, and keys beyond the event's are left for the caller to ignore.
  e.video_id = videoId
  return { ok: true, event: e as unknown as WatchEvent }
}

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
