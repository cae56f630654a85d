/**
 * Each outbox kind's payload check (payload-checks.ts, hand-written so the first screen loads no zod)
 * against the contract's zod schema of what the registry sends for it: a payload the contract takes is
 * never refused; the malformed ones are refused by both, the check naming the field.
 */
import { describe, expect, it } from 'vitest'
import { feedbackBodySchema } from '../../../../contract/schemas/feedback.ts'
import { outsideHoursBodySchema } from '../../../../contract/schemas/outside-hours.ts'
import { ratingSchema } from '../../../../contract/schemas/ratings.ts'
import { commentBodySchema, watchEventSchema } from '../../../../contract/schemas/watching.ts'
import { wordStateSchema, wordStatesBodySchema } from '../../../../contract/schemas/words.ts'
import type { OutboxItem, OutboxKind } from '../db.ts'
import { payloadProblem } from './payload-checks.ts'
import { outboxRegistry } from './registry.ts'

const CLIENT_ID = '0190a6e2-7b1c-7abc-8def-0123456789ab'

/** Whether the contract takes the payload, as the registry would send it (its body, its one item). */
function contractTakes(kind: OutboxKind, payload: unknown): boolean {
  const item = { id: CLIENT_ID, kind, payload, attempts: 0, nextAttemptAt: 0, createdAt: 0 } as OutboxItem
  let body: unknown
  try {
    body = (outboxRegistry[kind].body as (items: OutboxItem[]) => unknown)([item])
  } catch {
    return false
  }
  const b = body as Record<string, unknown[]>
  switch (kind) {
    case 'watch_event':
      return watchEventSchema.safeParse(b.events[0]).success
    case 'rating':
      return ratingSchema.safeParse(b.ratings[0]).success
    case 'comment': {
      const videoId = (payload as { videoId?: unknown } | null)?.videoId
      return commentBodySchema.safeParse(body).success && typeof videoId === 'number' && Number.isInteger(videoId) && videoId > 0
    }
    case 'feedback':
      return feedbackBodySchema.safeParse(body).success
    case 'outside_hours':
      return outsideHoursBodySchema.safeParse(body).success
    case 'word_states':
      return wordStatesBodySchema.safeParse(body).success && wordStateSchema.safeParse(b.states[0]).success
  }
}

const watch = { video_id: 12, position_from: 0, position_to: 10, watched_seconds: 10, playback_rate: 1, occurred_at: '2026-11-22T01:02:03.456Z' }
const rate = { video_id: 7, understood: 4, occurred_at: '2026-11-22T01:02:03.456Z' }
const comment = { videoId: 3, text: 'Hay quá' }
const feedback = { feedback: 'The captions are great.', environment_data: { userAgent: 'x', devicePixelRatio: 2, sessionDuration: null, touch: true } }
const word = { language: 'vi', key: 'cảm ơn', state: 'known', occurred_at: '2026-12-02T01:02:03.456Z' }
const outside = { date: '2026-11-20', minutes: 30, type: 'listening', note: 'podcast' }

/** Fitting and malformed payloads of each kind: `fits` says whether the contract takes it. */
const CASES: Record<OutboxKind, Array<{ payload: unknown; fits: boolean; field?: RegExp }>> = {
  watch_event: [
    { payload: watch, fits: true },
    { payload: { ...watch, mode: 'listened' }, fits: true },
    { payload: { ...watch, video_id: '12' }, fits: true },
    { payload: { ...watch, occurred_at: '2026-11-22T08:02:03+07:00' }, fits: true },
    { payload: { ...watch, video_id: undefined }, fits: false, field: /video_id/ },
    { payload: { ...watch, video_id: 0 }, fits: false, field: /video_id/ },
    { payload: { ...watch, position_from: 20 }, fits: false, field: /position_to is before/ },
    { payload: { ...watch, playback_rate: 8 }, fits: false, field: /playback_rate/ },
    { payload: { ...watch, occurred_at: 1_700_000_000_000 }, fits: false, field: /occurred_at/ },
    { payload: { ...watch, occurred_at: '2026-02-30T00:00:00.000Z' }, fits: false, field: /occurred_at/ },
    { payload: { ...watch, mode: 'skimmed' }, fits: false, field: /mode/ },
    { payload: { ...watch, watched_seconds: '10' }, fits: false, field: /watched_seconds/ },
    { payload: null, fits: false, field: /object/ },
    { payload: [watch], fits: false, field: /object/ },
  ],
  rating: [
    { payload: rate, fits: true },
    { payload: { ...rate, video_id: '7' }, fits: true },
    { payload: { ...rate, understood: 1 }, fits: true },
    { payload: { ...rate, understood: 0 }, fits: false, field: /understood/ },
    { payload: { ...rate, understood: 6 }, fits: false, field: /understood/ },
    { payload: { ...rate, understood: 2.5 }, fits: false, field: /understood/ },
    { payload: { ...rate, understood: '4' }, fits: false, field: /understood/ },
    { payload: { ...rate, video_id: -1 }, fits: false, field: /video_id/ },
    { payload: { ...rate, occurred_at: 'yesterday' }, fits: false, field: /occurred_at/ },
    { payload: { understood: 4 }, fits: false, field: /video_id.*occurred_at/ },
    { payload: 'rating', fits: false, field: /object/ },
  ],
  comment: [
    { payload: comment, fits: true },
    { payload: { ...comment, text: 'x'.repeat(1999) }, fits: true },
    { payload: { ...comment, videoId: '3' }, fits: false, field: /videoId/ },
    { payload: { text: 'Hay quá' }, fits: false, field: /videoId/ },
    { payload: { ...comment, text: 42 }, fits: false, field: /text/ },
    { payload: { ...comment, text: 'x'.repeat(8000) + 'y' }, fits: false, field: /text/ },
    { payload: undefined, fits: false, field: /object/ },
  ],
  feedback: [
    { payload: feedback, fits: true },
    { payload: { feedback: 'The captions are great.' }, fits: true },
    { payload: { ...feedback, environment_data: null }, fits: true },
    { payload: { ...feedback, feedback: undefined }, fits: false, field: /feedback/ },
    { payload: { ...feedback, environment_data: 'phone' }, fits: false, field: /environment_data/ },
    { payload: { ...feedback, environment_data: { nested: { a: 1 } } }, fits: false, field: /environment_data\.nested/ },
    { payload: { ...feedback, environment_data: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, fits: false, field: /too many/ },
    { payload: { ...feedback, environment_data: { long: 'x'.repeat(2001) } }, fits: false, field: /environment_data\.long/ },
  ],
  word_states: [
    { payload: word, fits: true },
    { payload: { ...word, state: 'ignored' }, fits: true },
    { payload: { ...word, occurred_at: '2026-12-02T08:02:03+07:00' }, fits: true },
    { payload: { ...word, state: 'forgotten' }, fits: false, field: /state/ },
    { payload: { ...word, key: '  ' }, fits: false, field: /key/ },
    { payload: { ...word, key: 'x'.repeat(101) }, fits: false, field: /key/ },
    { payload: { ...word, language: '' }, fits: false, field: /language/ },
    { payload: { ...word, occurred_at: 'now' }, fits: false, field: /occurred_at/ },
    { payload: null, fits: false, field: /object/ },
  ],
  outside_hours: [
    { payload: outside, fits: true },
    { payload: { ...outside, note: undefined }, fits: true },
    { payload: { ...outside, minutes: 720 }, fits: true },
    { payload: { ...outside, date: '2028-02-29' }, fits: true },
    { payload: { ...outside, date: '2026-02-30' }, fits: false, field: /date/ },
    { payload: { ...outside, date: '20 Nov 2026' }, fits: false, field: /date/ },
    { payload: { ...outside, minutes: 0 }, fits: false, field: /minutes/ },
    { payload: { ...outside, minutes: 721 }, fits: false, field: /minutes/ },
    { payload: { ...outside, minutes: 1.5 }, fits: false, field: /minutes/ },
    { payload: { ...outside, type: 'reading' }, fits: false, field: /type/ },
    { payload: { ...outside, note: 'x'.repeat(501) }, fits: false, field: /note/ },
    { payload: { ...outside, note: 5 }, fits: false, field: /note/ },
  ],
}

describe('the outbox payload checks', () => {
  for (const kind of Object.keys(CASES) as OutboxKind[]) {
    it(`${kind}: agree with the contract's schema, and name the field that does not fit`, () => {
      for (const { payload, fits, field } of CASES[kind]) {
        const label = `${kind} ${JSON.stringify(payload)?.slice(0, 120)}`
        expect(contractTakes(kind, payload), `the contract on ${label}`).toBe(fits)
        const problem = payloadProblem(kind, payload)
        expect(problem === null, `the check on ${label}: ${problem}`).toBe(fits)
        if (field) expect(problem, label).toMatch(field)
      }
    })
  }

  it('take what the forms send but the contract refuses on its text rules, for the server to say why', () => {
    // An empty comment or a short feedback: the forms say so first; a stale one is the server's to refuse.
    expect(payloadProblem('comment', { videoId: 3, text: '   ' })).toBeNull()
    expect(payloadProblem('feedback', { feedback: 'short' })).toBeNull()
  })

  it('refuse a kind that does not exist', () => {
    expect(payloadProblem('telemetry' as OutboxKind, {})).toMatch(/no such outbox kind/)
  })
})
