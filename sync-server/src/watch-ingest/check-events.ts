/**
 * The rules of a watch event that need no database: shape, watched_seconds against the played span,
 * age and future, and the local day it counts for. Run on the thread that parsed the request, so the
 * ingest thread only looks up, stores and sums. The answer is a batch in columns (a few arrays
 * instead of hundreds of objects): it crosses to the ingest thread with little copying.
 */
import {
  WATCH_EVENT_MAX_AGE_DAYS,
  WATCH_EVENT_MAX_FUTURE_MINUTES,
  WATCH_EVENT_MAX_SECONDS,
  WATCH_EVENT_REJECTIONS,
  WATCH_EVENT_SPAN_SLACK_SECONDS,
  parseWatchEvent,
  type WatchEventRejection,
} from '../../../contract/index.ts'
import { localDay } from '../rules/time-zones.ts'

/** What the checks found for one event: it passes, or the reason it is refused (the contract's list). */
export const CHECK_OUTCOMES = ['passes', ...WATCH_EVENT_REJECTIONS] as const
const PASSES = 0
const outcomeCode = (outcome: WatchEventRejection) => CHECK_OUTCOMES.indexOf(outcome)

/** Numbers per event in `numbers`, in this order. */
export const NUMBERS_PER_EVENT = 7
/** Listened: 1 when the stretch was spent listening (mode `listened`), 0 when watched. */
export const EventNumber = { VideoId: 0, PositionFrom: 1, PositionTo: 2, WatchedSeconds: 3, PlaybackRate: 4, OccurredAtMs: 5, Listened: 6 } as const

export interface CheckedWatchEvents {
  count: number
  /** Index into CHECK_OUTCOMES per event. */
  outcomes: Uint8Array
  /** The event's client_id as sent (cut to 64 characters), or null when it had none. */
  clientIds: (string | null)[]
  /** Why an `invalid_event` is malformed, by the event's index. */
  invalidMessages: Record<number, string>
  /** NUMBERS_PER_EVENT per event that passes (zeros otherwise). */
  numbers: Float64Array
  /** occurred_at in UTC as stored, per event that passes ('' otherwise). */
  occurredAt: string[]
  /** The local day in the user's zone the event counts for, per event that passes ('' otherwise). */
  days: string[]
}

const QUARTER_HOUR_MS = 15 * 60_000

export function checkWatchEvents(events: readonly unknown[], options: { now: number; timeZone: string }): CheckedWatchEvents {
  const count = events.length
  const checked: CheckedWatchEvents = {
    count,
    outcomes: new Uint8Array(count),
    clientIds: new Array<string | null>(count),
    invalidMessages: {},
    numbers: new Float64Array(count * NUMBERS_PER_EVENT),
    occurredAt: new Array<string>(count).fill(''),
    days: new Array<string>(count).fill(''),
  }
  const oldest = options.now - WATCH_EVENT_MAX_AGE_DAYS * 86_400_000
  const latest = options.now + WATCH_EVENT_MAX_FUTURE_MINUTES * 60_000
  // Zone offsets are whole quarter hours, so local midnight falls on a quarter hour of UTC and one
  // quarter hour has one local day. Outbox events come every 10 s of play: most share the last one's.
  let lastQuarter = Number.NaN
  let lastDay = ''

  for (let i = 0; i < count; i++) {
    const raw = events[i]
    const parsed = parseWatchEvent(raw)
    if (!parsed.ok) {
      const given = (raw as { client_id?: unknown } | null)?.client_id
      checked.clientIds[i] = typeof given === 'string' ? given.slice(0, 64) : null
      checked.outcomes[i] = outcomeCode('invalid_event')
      checked.invalidMessages[i] = parsed.message
      continue
    }
    const event = parsed.event
    checked.clientIds[i] = event.client_id
    const occurredAtMs = parsed.occurredAtMs
    let broken: WatchEventRejection | undefined
    if (event.watched_seconds < 0 || event.watched_seconds > WATCH_EVENT_MAX_SECONDS) broken = 'watched_seconds_out_of_range'
    else if (event.watched_seconds > (event.position_to - event.position_from) / event.playback_rate + WATCH_EVENT_SPAN_SLACK_SECONDS) broken = 'exceeds_played_span'
    else if (occurredAtMs < oldest) broken = 'too_old'
    else if (occurredAtMs > latest) broken = 'in_the_future'
    if (broken) {
      checked.outcomes[i] = outcomeCode(broken)
      continue
    }
    checked.outcomes[i] = PASSES
    const at = i * NUMBERS_PER_EVENT
    checked.numbers[at + EventNumber.VideoId] = event.video_id
    checked.numbers[at + EventNumber.PositionFrom] = event.position_from
    checked.numbers[at + EventNumber.PositionTo] = event.position_to
    checked.numbers[at + EventNumber.WatchedSeconds] = event.watched_seconds
    checked.numbers[at + EventNumber.PlaybackRate] = event.playback_rate
    checked.numbers[at + EventNumber.OccurredAtMs] = occurredAtMs
    checked.numbers[at + EventNumber.Listened] = event.mode === 'listened' ? 1 : 0
    // Stored in UTC; most clients already send that exact form, which is kept as it is.
    checked.occurredAt[i] = event.occurred_at.length === 24 && event.occurred_at.endsWith('Z') ? event.occurred_at : new Date(occurredAtMs).toISOString()
    const quarter = Math.floor(occurredAtMs / QUARTER_HOUR_MS)
    if (quarter !== lastQuarter) {
      lastQuarter = quarter
      lastDay = localDay(occurredAtMs, options.timeZone)
    }
    checked.days[i] = lastDay
  }
  return checked
}
