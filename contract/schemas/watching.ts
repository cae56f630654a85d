import { z } from 'zod'
import { COMMENT_MAX_CHARS, WATCH_EVENTS_MAX_BATCH } from '../limits.ts'
import { countCharacters } from '../text.ts'
import { hasVisibleCharacter, stripBidiControls } from '../text-rules.ts'
import { dataOf, idSchema, isoDateTimeSchema, uuidSchema } from './common.ts'

/** Outbox rules for one watch event (api-contract "The outbox calls"). */
export const WATCH_EVENT_MAX_SECONDS = 60
/** Slack allowed between the played span and the reported seconds (timer granularity). */
export const WATCH_EVENT_SPAN_SLACK_SECONDS = 2
export const WATCH_EVENT_MAX_AGE_DAYS = 30
export const WATCH_EVENT_MAX_FUTURE_MINUTES = 5
export const PLAYBACK_RATE_MIN = 0.25
export const PLAYBACK_RATE_MAX = 4
/** No local day holds more watch time than this (api-contract "Hardening"). */
export const WATCH_DAY_MAX_SECONDS = 24 * 3600

/** Why an event was refused; the rest of its batch still lands. */
export const WATCH_EVENT_REJECTIONS = [
  'invalid_event',
  'watched_seconds_out_of_range',
  'exceeds_played_span',
  'too_old',
  'in_the_future',
  'unknown_video',
  'not_watchable',
  /** Its whole wall-clock interval is already counted (another tab, or a replay under a new client_id). */
  'overlap',
] as const
export type WatchEventRejection = (typeof WATCH_EVENT_REJECTIONS)[number]

const seconds = z.number().finite().min(0).max(24 * 3600)

/** How a stretch was spent: with the picture, or listening to the audio alone (commute mode). */
export const WATCH_MODES = ['watched', 'listened'] as const
export type WatchMode = (typeof WATCH_MODES)[number]

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

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const DAY_MS = 86_400_000

/** The number written by `count` decimal digits at `at`, or -1 when one of them is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468
}

/**
 * Epoch milliseconds of an ISO date-time with an offset (the form `z.iso.datetime({ offset: true })`
 * takes), or NaN. Like zod, and unlike Date.parse, a day the month does not have (02-30) or hour 24
 * is refused. The form every client sends, `YYYY-MM-DDTHH:MM:SS.sssZ` from toISOString(), is read by
 * hand: Date.parse was half the per-event cost of the ingest. Other forms go through Date.parse.
 */
export function parseIsoDateTime(text: string): number {
  if (text.length < 20) return Number.NaN
  const year = digitsAt(text, 0, 4)
  const month = digitsAt(text, 5, 2)
  const day = digitsAt(text, 8, 2)
  const hour = digitsAt(text, 11, 2)
  const minute = digitsAt(text, 14, 2)
  const second = digitsAt(text, 17, 2)
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return Number.NaN
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return Number.NaN
  if (text.length === 24 && text.charCodeAt(19) === 46 && text.charCodeAt(23) === 90) {
    const millis = digitsAt(text, 20, 3)
    if (millis < 0 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return Number.NaN
    return daysFromCivil(year, month, day) * DAY_MS + hour * 3_600_000 + minute * 60_000 + second * 1000 + millis
  }
  return ISO_DATETIME.test(text) ? Date.parse(text) : Number.NaN
}
const MAX_POSITION = 24 * 3600
const HYPHEN = 45

/** 1 for the hex digits 0-9, a-f, A-F by character code: one load per character (a regex per event was a tenth of the ingest time). */
const HEX = new Uint8Array(128)
for (const digit of '0123456789abcdefABCDEF') HEX[digit.charCodeAt(0)] = 1

const NIL_UUID = '00000000-0000-0000-0000-000000000000'
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff'

/** Same rule as `uuidSchema`: 8-4-4-4-12 hex, version 1..8, variant 8, 9, a or b; or the nil or max UUID. */
function isUuid(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 36) return false
  if (value.charCodeAt(8) !== HYPHEN || value.charCodeAt(13) !== HYPHEN || value.charCodeAt(18) !== HYPHEN || value.charCodeAt(23) !== HYPHEN) return false
  let hex = 0
  for (let i = 0; i < 36; i++) hex += HEX[value.charCodeAt(i)] ?? 0
  if (hex !== 32) return false
  const version = value.charCodeAt(14)
  const variant = value.charCodeAt(19) | 32 // lower-cased
  if (version >= 49 && version <= 56 && (variant === 56 || variant === 57 || variant === 97 || variant === 98)) return true
  return value === NIL_UUID || value === MAX_UUID
}

function isPosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_POSITION
}

export type ParsedWatchEvent = { ok: true; event: WatchEvent; occurredAtMs: number } | { ok: false; message: string }

/**
 * The same rules as `watchEventSchema`, checked by hand: the server runs this for every event of
 * every batch (up to 500 a call), where zod's per-event cost was most of the ingest time. A test
 * keeps the two in agreement. No closures are made per call (the build names each one, which costs
 * a property definition every time), and the parsed instant is handed back so it is parsed once.
 */
export function parseWatchEvent(raw: unknown): ParsedWatchEvent {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, message: 'event: must be an object' }
  const e = raw as Record<string, unknown>
  let problems: string[] | undefined
  if (!isUuid(e.client_id)) (problems ??= []).push('client_id: must be a UUID')
  let videoId = 0
  if (typeof e.video_id === 'number' && Number.isInteger(e.video_id) && e.video_id > 0) videoId = e.video_id
  else if (typeof e.video_id === 'string' && /^\d{1,15}$/.test(e.video_id)) videoId = Number(e.video_id)
  else (problems ??= []).push('video_id: must be a positive whole number')
  if (!isPosition(e.position_from)) (problems ??= []).push(`position_from: must be a number of seconds from 0 to ${MAX_POSITION}`)
  if (!isPosition(e.position_to)) (problems ??= []).push(`position_to: must be a number of seconds from 0 to ${MAX_POSITION}`)
  if (typeof e.watched_seconds !== 'number' || !Number.isFinite(e.watched_seconds)) (problems ??= []).push('watched_seconds: must be a number')
  const rate = e.playback_rate
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < PLAYBACK_RATE_MIN || rate > PLAYBACK_RATE_MAX) {
    ;(problems ??= []).push(`playback_rate: must be from ${PLAYBACK_RATE_MIN} to ${PLAYBACK_RATE_MAX}`)
  }
  const occurredAtMs = typeof e.occurred_at === 'string' ? parseIsoDateTime(e.occurred_at) : Number.NaN
  if (Number.isNaN(occurredAtMs)) (problems ??= []).push('occurred_at: must be an ISO date-time')
  if (e.mode !== undefined && e.mode !== 'watched' && e.mode !== 'listened') (problems ??= []).push('mode: must be watched or listened')
  if (problems === undefined && (e.position_to as number) < (e.position_from as number)) problems = ['position_to is before position_from']
  if (problems !== undefined) return { ok: false, message: problems.join('; ') }
  // The checked object itself is answered (no copy: this runs 500 times a batch); only a video_id
  // sent as a string is normalised, and keys beyond the event's are left for the caller to ignore.
  e.video_id = videoId
  return { ok: true, event: e as unknown as WatchEvent, occurredAtMs }
}

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
  })

export const commentBodySchema = z.object({
  comment: z.object({ text: commentTextSchema, client_id: uuidSchema }, { error: 'comment is required.' }),
})
export type CommentBody = z.input<typeof commentBodySchema>

export const commentSchema = z.strictObject({
  id: idSchema,
  text: z.string(),
  author: z.strictObject({ display_name: z.string().nullable() }),
  created_at: isoDateTimeSchema,
})
export type Comment = z.infer<typeof commentSchema>
