/**
 * One watch event checked by hand, with no zod: the same rules as `watchEventSchema`
 * (schemas/watching.ts, whose test keeps the two in agreement). The server runs it for every event of
 * every batch; the PWA's outbox checks a watch event's payload with it (pwa/src/data/outbox/payload-checks.ts)
 * without loading zod.
 */
export const PLAYBACK_RATE_MIN = 0.25
export const PLAYBACK_RATE_MAX = 4

/** How a stretch was spent: with the picture, or listening to the audio alone (commute mode). */
export const WATCH_MODES = ['watched', 'listened'] as const
export type WatchMode = (typeof WATCH_MODES)[number]

/** A watch event as checked (watchEventSchema's output). */
export interface CheckedWatchEvent {
  client_id: string
  video_id: number
  position_from: number
  position_to: number
  watched_seconds: number
  playback_rate: number
  occurred_at: string
  /** Absent: watched. */
  mode?: WatchMode
}

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
export function isUuid(value: unknown): boolean {
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

export type ParsedWatchEvent = { ok: true; event: CheckedWatchEvent; occurredAtMs: number } | { ok: false; message: string }

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
  return { ok: true, event: e as unknown as CheckedWatchEvent, occurredAtMs }
}
