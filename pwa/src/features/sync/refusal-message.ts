/**
 * Why the server refused an outbox item, in words for the sync dialog. A dead letter keeps what the
 * server said: a watch event's rejection code, or the words of another call's error (its field errors
 * or message), or `status_<n>` when the answer had no words. Codes and bare statuses are translated;
 * server words are shown as they are. Feedback without words gets the spec's catalogue texts
 * ('Invalid feedback' for a 422, else 'Failed to submit feedback'). An item the app itself refused to
 * send, written by an older version in a form that no longer fits (`stale_payload: <what>`,
 * data/outbox/payload-checks.ts), says so; the part after the colon is for developers.
 */
import { WATCH_EVENT_REJECTIONS, type WatchEventRejection } from '../../../../contract/vocabulary.ts'
import { RATING_REJECTIONS, type RatingRejection } from '../../data/compass/rating-types.ts'
import { STALE_PAYLOAD } from '../../data/outbox/payload-checks.ts'

const CODES: readonly string[] = [...WATCH_EVENT_REJECTIONS, ...RATING_REJECTIONS]

export type RefusalMessage =
  | { text: string }
  | { key: `sync.refusals.${WatchEventRejection | RatingRejection | typeof STALE_PAYLOAD}` | 'sync.refusedFallback'; ns: 'watch' }
  | { key: 'feedback.errors.invalid' | 'feedback.errors.failed'; ns: 'common' }

/** What a dead letter stores for an error answer that carried no words of its own. */
export const bareStatus = (status: number) => `status_${status}`

export function refusalMessage(kind: string, error: string): RefusalMessage {
  if (CODES.includes(error)) return { key: `sync.refusals.${error as WatchEventRejection | RatingRejection}`, ns: 'watch' }
  if (error === STALE_PAYLOAD || error.startsWith(`${STALE_PAYLOAD}:`)) return { key: `sync.refusals.${STALE_PAYLOAD}`, ns: 'watch' }
  const status = /^status_(\d{3})$/.exec(error)
  if (status || error.trim() === '') {
    if (kind === 'feedback') return { key: status?.[1] === '422' ? 'feedback.errors.invalid' : 'feedback.errors.failed', ns: 'common' }
    return { key: 'sync.refusedFallback', ns: 'watch' }
  }
  return { text: error }
}
