/**
 * Every kind of outbox item in one table: where it is sent, how many go in one request (the
 * contract's batch limit; 1 for calls of one item), what its payload holds, and how the answer is
 * read for each item: done (accepted, a duplicate of one already stored, or a watch event whose time
 * was counted already), rejected (a 4xx about the item itself: it goes to the dead letters), retry
 * (no answer, 5xx, 408 or 429), or stop (the session ended: 401). The sync engine sends the kinds in
 * this table's order; enqueue (enqueue.ts) is the one way in. Each kind's payload has its runtime check
 * (payload-checks.ts): enqueue refuses a payload that does not fit, and sendOutbox dead-letters an item
 * read back from IndexedDB that no longer fits (written by an older app) before building any call.
 */
import { WATCH_EVENTS_MAX_BATCH } from '../../../../contract/limits.ts'
import type { FeedbackBody } from '../../../../contract/schemas/feedback.ts'
import type { OutsideHoursBody } from '../../../../contract/schemas/outside-hours.ts'
import type { CommentBody, WatchEventsResult } from '../../../../contract/schemas/watching.ts'
import { RATINGS_MAX_BATCH, type RatingPayload, type RatingsResult } from '../compass/rating-types.ts'
import type { RouteName } from '../../../../contract/routes.ts'
import { ApiError } from '../api.ts'
import { callRoute } from '../api-call.ts'
import type { OutboxItem, OutboxKind, WatchEventPayload } from '../db.ts'
import { payloadProblem, STALE_PAYLOAD } from './payload-checks.ts'
import type { SendResult } from './sync-engine.ts'
import type { WordStatesResult } from '../../../../contract/schemas/words.ts'
import { WORD_STATES_MAX_BATCH } from '../../../../contract/vocabulary.ts'
import { pullAfterSend, type WordStatePayload } from '../words/word-state-pull.ts'

// Each payload is its call's body without client_id: the outbox item's id goes as the client_id.
/** A comment's body, and the video whose path it is posted to. */
export type CommentPayload = Omit<CommentBody['comment'], 'client_id'> & { videoId: number }
export type OutsideHoursPayload = Omit<OutsideHoursBody['entry'], 'client_id'>
export type FeedbackPayload = Omit<FeedbackBody['user_feedback'], 'client_id'>

/** The payload of each kind. */
export interface OutboxPayloads {
  watch_event: WatchEventPayload
  rating: RatingPayload
  comment: CommentPayload
  feedback: FeedbackPayload
  outside_hours: OutsideHoursPayload
  word_states: WordStatePayload
}

type Item<K extends OutboxKind> = OutboxItem & { kind: K; payload: OutboxPayloads[K] }
type Answer = Extract<SendResult, { kind: 'answered' }>

interface KindEntry<K extends OutboxKind, R> {
  /** Items per request: the contract's batch limit, 1 for a call of one item. */
  batch: number
  /** The route the items go to (contract/routes.ts), and its path's parameters (a call of one item may depend on its payload). */
  route: RouteName
  params?: (items: Array<Item<K>>) => Record<string, string | number>
  body: (items: Array<Item<K>>) => unknown
  /** The items done and refused, from the server's answer to them. */
  read: (answer: R, items: Array<Item<K>>) => Omit<Answer, 'kind'>
}

/** A batch call's answer: accepted, duplicate and rejected per client_id. */
function perItem(answer: { data: { accepted: string[]; duplicate: string[]; rejected: Array<{ client_id?: string | null; error: string }> } }) {
  return {
    done: [...answer.data.accepted, ...answer.data.duplicate],
    rejected: answer.data.rejected.flatMap((r) => (r.client_id ? [{ id: r.client_id, error: r.error }] : [])),
  }
}

/** A call of one item answered 2xx: that item is done. */
const oneDone = (_answer: unknown, items: OutboxItem[]) => ({ done: [items[0].id], rejected: [] })

export const outboxRegistry = {
  // Watch events first: they move the goal bar; a rating's "watched half" rule also rests on them.
  watch_event: {
    batch: WATCH_EVENTS_MAX_BATCH,
    route: 'watchEvents.create',
    body: (items) => ({ events: items.map((item) => ({ ...item.payload, client_id: item.id })) }),
    read: (answer: WatchEventsResult) => {
      // `overlap`: that stretch of time is counted already (another tab played it): done, nothing to show.
      const { data } = answer
      const overlapping = data.rejected.flatMap((r) => (r.error === 'overlap' && r.client_id ? [r.client_id] : []))
      const refused = perItem({ data: { ...data, rejected: data.rejected.filter((r) => r.error !== 'overlap') } })
      return { done: [...refused.done, ...overlapping], rejected: refused.rejected }
    },
  },
  rating: {
    batch: RATINGS_MAX_BATCH,
    route: 'ratings.create',
    body: (items) => ({ ratings: items.map((item) => ({ ...item.payload, client_id: item.id })) }),
    read: (answer: RatingsResult) => perItem(answer),
  },
  comment: {
    batch: 1,
    route: 'comments.create',
    params: ([item]) => ({ id: item.payload.videoId }),
    body: ([item]) => ({ comment: { text: item.payload.text, client_id: item.id } }),
    read: oneDone,
  },
  feedback: {
    batch: 1,
    route: 'feedback.create',
    body: ([item]) => ({ user_feedback: { ...item.payload, client_id: item.id } }),
    read: oneDone,
  },
  outside_hours: {
    batch: 1,
    route: 'outsideHours.create',
    body: ([item]) => ({ entry: { ...item.payload, client_id: item.id } }),
    read: oneDone,
  },
  // Word states (issue 42): the latest occurred_at wins on the server; after a send, the device's copy is pulled again.
  word_states: {
    batch: WORD_STATES_MAX_BATCH,
    route: 'wordStates.create',
    body: (items) => ({ states: items.map((item) => ({ ...item.payload, client_id: item.id })) }),
    read: (answer: WordStatesResult, items) => {
      pullAfterSend(items.map((item) => item.payload.language))
      return perItem(answer)
    },
  },
} satisfies { [K in OutboxKind]: KindEntry<K, never> }

/** The kinds in the order the engine sends them, with their batch limits. */
export const OUTBOX_KINDS = (Object.keys(outboxRegistry) as OutboxKind[]).map((kind) => ({ kind, batch: outboxRegistry[kind].batch }))

function failure(error: unknown, items: OutboxItem[]): SendResult {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'stop' }
    if (error.status >= 500 || error.status === 429 || error.status === 408) return { kind: 'retry' }
    // The server's words when it gave some; otherwise the bare status, which the sync dialog turns
    // into words of ours (features/sync/refusal-message.ts) rather than 'Request failed with…'.
    const reason = error.errors.length ? error.errors.join(' ') : (error.body?.message ?? `status_${error.status}`)
    return { kind: 'answered', done: [], rejected: items.map((item) => ({ id: item.id, error: reason })) }
  }
  // No answer at all (offline, dropped, timed out): not the items' fault. They stay due, without a
  // back-off; the connectivity state (told by the API client) probes and flushes when the network is back.
  return { kind: 'unreachable' }
}

/**
 * Sends items of one kind (at most its batch) as the registry says, and reads the answer. An item whose
 * payload no longer fits its kind is refused here, before any call (`stale_payload: <what>`, so it goes
 * to the dead letters), and the others of its batch are sent; a batch of such items alone sends nothing.
 */
export async function sendOutbox(kind: OutboxKind, items: OutboxItem[]): Promise<SendResult> {
  const entry = outboxRegistry[kind] as unknown as KindEntry<OutboxKind, unknown> | undefined
  if (!entry) return { kind: 'answered', done: [], rejected: items.map((item) => ({ id: item.id, error: 'unknown_kind' })) }
  const stale: Array<{ id: string; error: string }> = []
  const fitting = items.filter((item) => {
    const problem = payloadProblem(kind, item.payload)
    if (problem) stale.push({ id: item.id, error: `${STALE_PAYLOAD}: ${problem}` })
    return !problem
  })
  if (fitting.length === 0) return { kind: 'answered', done: [], rejected: stale }
  const typed = fitting as Array<Item<OutboxKind>>
  try {
    const answer = await callRoute(entry.route, entry.body(typed), entry.params?.(typed))
    const read = entry.read(answer, typed)
    return { kind: 'answered', done: read.done, rejected: [...stale, ...read.rejected] }
  } catch (error) {
    const result = failure(error, fitting)
    // A call that got no answer, or one to try again, holds the whole batch (the engine stops or backs
    // off): the stale items are refused at the next send.
    return result.kind === 'answered' ? { ...result, rejected: [...stale, ...result.rejected] } : result
  }
}
