/**
 * How each kind of outbox item reaches the server, and what its answer means for the item: done
 * (accepted, a duplicate of one already stored, or a watch event whose time was counted already),
 * rejected (a 4xx about the item itself: it goes to the dead letters), retry (no answer, 5xx or 429),
 * or stop (the session ended: 401).
 */
import type { FeedbackBody } from '../../../../contract/schemas/feedback.ts'
import type { OutsideHoursBody } from '../../../../contract/schemas/outside-hours.ts'
import type { CommentBody, WatchEventsResult } from '../../../../contract/schemas/watching.ts'
import type { RatingsResult } from '../compass/rating-types.ts'
import { ApiError, apiRequest } from '../api.ts'
import type { OutboxItem, SendResult, Senders } from './sync-engine.ts'

// Each payload is its call's body without client_id: the outbox item's id goes as the client_id.
/** A comment's body, and the video whose path it is posted to. */
export type CommentPayload = Omit<CommentBody['comment'], 'client_id'> & { videoId: number }
export type OutsideHoursPayload = Omit<OutsideHoursBody['entry'], 'client_id'>
export type FeedbackPayload = Omit<FeedbackBody['user_feedback'], 'client_id'>

function failure(error: unknown, items: OutboxItem[]): SendResult {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'stop' }
    if (error.status >= 500 || error.status === 429 || error.status === 408) return { kind: 'retry' }
    // The server's words when it gave some; otherwise the bare status, which the sync dialog turns
    // into words of ours (features/watching/refusal-message.ts) rather than 'Request failed with…'.
    const reason = error.errors.length ? error.errors.join(' ') : (error.body?.message ?? `status_${error.status}`)
    return { kind: 'answered', done: [], rejected: items.map((item) => ({ id: item.id, error: reason })) }
  }
  return { kind: 'retry' } // no answer at all: offline, dropped, timed out
}

export const outboxSenders: Senders = {
  async watchEvents(items) {
    try {
      const result = await apiRequest<WatchEventsResult>('POST', '/watch_events', {
        body: { events: items.map((item) => ({ ...(item.payload as object), client_id: item.id })) },
      })
      // `overlap`: that stretch of time is counted already (another tab played it): done, nothing to show.
      const refused = result.data.rejected.filter((r) => r.error !== 'overlap')
      const overlapping = result.data.rejected.flatMap((r) => (r.error === 'overlap' && r.client_id ? [r.client_id] : []))
      return {
        kind: 'answered',
        done: [...result.data.accepted, ...result.data.duplicate, ...overlapping],
        rejected: refused.flatMap((r) => (r.client_id ? [{ id: r.client_id, error: r.error }] : [])),
      }
    } catch (error) {
      return failure(error, items)
    }
  },

  async ratings(items) {
    try {
      const result = await apiRequest<RatingsResult>('POST', '/ratings', {
        body: { ratings: items.map((item) => ({ ...(item.payload as object), client_id: item.id })) },
      })
      return {
        kind: 'answered',
        done: [...result.data.accepted, ...result.data.duplicate],
        rejected: result.data.rejected.flatMap((r) => (r.client_id ? [{ id: r.client_id, error: r.error }] : [])),
      }
    } catch (error) {
      return failure(error, items)
    }
  },

  async one(item) {
    try {
      if (item.kind === 'comment') {
        const { videoId, text } = item.payload as CommentPayload
        await apiRequest('POST', `/videos/${videoId}/comments`, { body: { comment: { text, client_id: item.id } } })
      } else if (item.kind === 'outside_hours') {
        await apiRequest('POST', '/me/outside_hours', { body: { entry: { ...(item.payload as OutsideHoursPayload), client_id: item.id } } })
      } else if (item.kind === 'feedback') {
        const payload = item.payload as FeedbackPayload
        await apiRequest('POST', '/user_feedbacks', { body: { user_feedback: { ...payload, client_id: item.id } } })
      } else {
        return { kind: 'answered', done: [], rejected: [{ id: item.id, error: 'unknown_kind' }] }
      }
      return { kind: 'answered', done: [item.id], rejected: [] }
    } catch (error) {
      return failure(error, [item])
    }
  },
}
