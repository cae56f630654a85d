/**
 * The runtime check of each outbox kind's payload (registry.ts names the types): what enqueue refuses at
 * the door in development and tests (a developer's mistake), and what the sync engine's sender refuses
 * when it reads an item back from IndexedDB (an item written by an older version of the app that no
 * longer fits goes to the dead letters as `stale_payload: <what>` instead of failing its call forever).
 *
 * Hand-written and without zod: enqueue runs inside Dexie transactions, where nothing may be awaited
 * (so no chunk can be loaded on the way), and the engine's chunk should not grow by zod. The watch event's is the
 * contract's own check (contract/watch-event-check.ts, the server's too); the others keep to the
 * contract's body schemas by shape: types, whole numbers and their ranges, enums, dates, lengths.
 * payload-checks.test.ts holds each against the contract's zod schema: a payload the contract takes is
 * never refused here. Rules about the text itself (a visible character, feedback's least length) are the
 * forms' and the server's: the server's refusal says them.
 */
import { COMMENT_MAX_CHARS, FEEDBACK_MAX_CHARS } from '../../../../contract/limits.ts'
import { WORD_MAX_CHARS, WORD_STATES } from '../../../../contract/vocabulary.ts'
import { OUTSIDE_HOURS_KINDS, OUTSIDE_MINUTES_MAX, OUTSIDE_NOTE_MAX_CHARS, UNDERSTOOD_MAX, UNDERSTOOD_MIN } from '../../../../contract/vocabulary.ts'
import { parseIsoDateTime, parseWatchEvent } from '../../../../contract/watch-event-check.ts'
import type { OutboxKind } from '../db.ts'

/** What is wrong with a payload, or null when it fits its kind. */
type Check = (payload: unknown) => string | null

/** Any valid UUID, standing in for the item's id (the client_id it is sent under) while a payload is checked. */
const SOME_CLIENT_ID = '00000000-0000-7000-8000-000000000000'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isWhole = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
/** A video id as the contract reads one: a positive whole number, or its digits. */
const isVideoId = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'string' && /^\d{1,15}$/.test(value))

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** A day the calendar has, `YYYY-MM-DD` (as zod's z.iso.date() takes it). */
function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function problems(list: Array<string | false>): string | null {
  const found = list.filter((problem): problem is string => problem !== false)
  return found.length ? found.join('; ') : null
}

const watchEvent: Check = (payload) => {
  if (!isRecord(payload)) return 'the payload must be an object'
  // A copy: the check writes back a video_id sent as digits.
  const checked = parseWatchEvent({ ...payload, client_id: SOME_CLIENT_ID })
  return checked.ok ? null : checked.message
}

const rating: Check = (payload) => {
  if (!isRecord(payload)) return 'the payload must be an object'
  return problems([
    !isVideoId(payload.video_id) && 'video_id: must be a positive whole number',
    !isWhole(payload.understood, UNDERSTOOD_MIN, UNDERSTOOD_MAX) && `understood: must be a whole number from ${UNDERSTOOD_MIN} to ${UNDERSTOOD_MAX}`,
    (typeof payload.occurred_at !== 'string' || Number.isNaN(parseIsoDateTime(payload.occurred_at))) && 'occurred_at: must be an ISO date-time',
  ])
}

const comment: Check = (payload) => {
  if (!isRecord(payload)) return 'the payload must be an object'
  return problems([
    !isWhole(payload.videoId, 1, Number.MAX_SAFE_INTEGER) && 'videoId: must be a positive whole number',
    // The contract's first bound, before its text rules: 4 UTF-16 units a character at most.
    (typeof payload.text !== 'string' || payload.text.length > COMMENT_MAX_CHARS * 4) && 'text: must be text of at most the comment length',
  ])
}

const ENVIRONMENT_MAX_FIELDS = 50
const ENVIRONMENT_KEY_MAX_CHARS = 100
const ENVIRONMENT_TEXT_MAX_CHARS = 2000

/** environment_data as the contract takes it: absent, null, or a flat object of short scalars. */
function environmentProblem(data: unknown): string | false {
  if (data === undefined || data === null) return false
  if (!isRecord(data)) return 'environment_data: must be an object'
  const entries = Object.entries(data)
  if (entries.length > ENVIRONMENT_MAX_FIELDS) return 'environment_data: has too many fields'
  for (const [key, value] of entries) {
    const scalar = value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= ENVIRONMENT_TEXT_MAX_CHARS)
    if (key.length > ENVIRONMENT_KEY_MAX_CHARS || !scalar) return `environment_data.${key.slice(0, 40)}: must be short text, a number, true/false or null`
  }
  return false
}

const feedback: Check = (payload) => {
  if (!isRecord(payload)) return 'the payload must be an object'
  return problems([
    (typeof payload.feedback !== 'string' || payload.feedback.length > FEEDBACK_MAX_CHARS * 4) && 'feedback: must be text of at most the feedback length',
    environmentProblem(payload.environment_data),
  ])
}

const outsideHours: Check = (payload) => {
  if (!isRecord(payload)) return 'the payload must be an object'
  return problems([
    !isIsoDate(payload.date) && 'date: must be a day (YYYY-MM-DD)',
    !isWhole(payload.minutes, 1, OUTSIDE_MINUTES_MAX) && `minutes: must be a whole number from 1 to ${OUTSIDE_MINUTES_MAX}`,
    !(OUTSIDE_HOURS_KINDS as readonly unknown[]).includes(payload.type) && `type: must be ${OUTSIDE_HOURS_KINDS.join(', ')}`,
    payload.note !== undefined && (typeof payload.note !== 'string' || payload.note.trim().length > OUTSIDE_NOTE_MAX_CHARS) && `note: must be text of at most ${OUTSIDE_NOTE_MAX_CHARS} characters`,
  ])
}

const wordStates: Check = (payload) => {
  if (!isRecord(payload)) return 'the payload must be an object'
  return problems([
    (typeof payload.language !== 'string' || payload.language.length < 1 || payload.language.length > 20) && 'language: must be a language code',
    (typeof payload.key !== 'string' || payload.key.trim().length < 1 || payload.key.trim().length > WORD_MAX_CHARS) && `key: must be text of 1 to ${WORD_MAX_CHARS} characters`,
    !(WORD_STATES as readonly unknown[]).includes(payload.state) && `state: must be ${WORD_STATES.join(', ')}`,
    (typeof payload.occurred_at !== 'string' || Number.isNaN(parseIsoDateTime(payload.occurred_at))) && 'occurred_at: must be an ISO date-time',
  ])
}

export const PAYLOAD_CHECKS: { readonly [K in OutboxKind]: Check } = {
  watch_event: watchEvent,
  rating,
  comment,
  feedback,
  outside_hours: outsideHours,
  word_states: wordStates,
}

/** What is wrong with an outbox item's payload for its kind, or null when it fits. */
export function payloadProblem(kind: OutboxKind, payload: unknown): string | null {
  const check = PAYLOAD_CHECKS[kind] as Check | undefined
  return check ? check(payload) : `no such outbox kind: ${String(kind)}`
}

/** The dead letter's error for an item read back that no longer fits (features/sync/refusal-message.ts reads it). */
export const STALE_PAYLOAD = 'stale_payload'
