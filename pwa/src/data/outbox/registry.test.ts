/**
 * The engine's sender (registry.ts sendOutbox) with items read back from IndexedDB that no longer fit
 * their kind (written by an older app): they go to the dead letters with the reason, the others of
 * their batch are sent, and a batch of them alone sends nothing. The API call is a spy.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItem, OutboxKind } from '../db.ts'

/** The calls made, and what the next call does. */
const calls: unknown[][] = []
let answer: () => Promise<unknown> = () => Promise.reject(new Error('no call expected'))
vi.mock('../api-call.ts', () => ({
  callRoute: (...args: unknown[]) => {
    calls.push(args)
    return answer()
  },
}))

const { sendOutbox } = await import('./registry.ts')
const { ApiError } = await import('../api.ts')

const item = (id: string, kind: OutboxKind, payload: unknown): OutboxItem => ({ id, kind, payload, attempts: 0, nextAttemptAt: 0, createdAt: 0 })
const watch = { video_id: 12, position_from: 0, position_to: 10, watched_seconds: 10, playback_rate: 1, occurred_at: '2026-11-22T01:02:03.456Z' }

beforeEach(() => {
  calls.length = 0
})

describe('sendOutbox with items that no longer fit', () => {
  it('sends the fitting ones of a batch and refuses the stale one with its reason', async () => {
    answer = async () => ({ data: { accepted: ['a', 'c'], duplicate: [], rejected: [] } })
    // b: an older app's event, from before video_id was a number.
    const items = [item('a', 'watch_event', watch), item('b', 'watch_event', { ...watch, video_id: 'twelve' }), item('c', 'watch_event', watch)]
    const result = await sendOutbox('watch_event', items)
    expect(calls).toHaveLength(1)
    const body = calls[0][1] as { events: Array<{ client_id: string }> }
    expect(body.events.map((event) => event.client_id)).toEqual(['a', 'c'])
    expect(result).toEqual({ kind: 'answered', done: ['a', 'c'], rejected: [{ id: 'b', error: expect.stringMatching(/^stale_payload: video_id: /) }] })
  })

  it('sends nothing for a call of one item that no longer fits (a comment without its video), and never loops on it', async () => {
    const result = await sendOutbox('comment', [item('x', 'comment', { text: 'Hay quá' })])
    expect(calls).toEqual([])
    expect(result).toEqual({ kind: 'answered', done: [], rejected: [{ id: 'x', error: expect.stringMatching(/^stale_payload: videoId: /) }] })
  })

  it('keeps the whole batch when the call gets no answer: the stale item is refused at the next send', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch')
    }
    const result = await sendOutbox('rating', [item('r1', 'rating', { video_id: 7, understood: 9, occurred_at: '2026-11-22T01:02:03.456Z' }), item('r2', 'rating', { video_id: 7, understood: 3, occurred_at: '2026-11-22T01:02:03.456Z' })])
    expect(result).toEqual({ kind: 'unreachable' })
  })

  it('refuses the stale items with the others the server refused', async () => {
    answer = async () => {
      throw new ApiError(422, { error: 'validation_failed', message: 'Invalid.', errors: ['ratings: too many'] })
    }
    const result = await sendOutbox('rating', [item('r1', 'rating', { video_id: 7, understood: 9, occurred_at: '2026-11-22T01:02:03.456Z' }), item('r2', 'rating', { video_id: 7, understood: 3, occurred_at: '2026-11-22T01:02:03.456Z' })])
    expect(calls[0][1]).toEqual({ ratings: [{ video_id: 7, understood: 3, occurred_at: '2026-11-22T01:02:03.456Z', client_id: 'r2' }] })
    expect(result).toEqual({
      kind: 'answered',
      done: [],
      rejected: [
        { id: 'r1', error: expect.stringMatching(/^stale_payload: understood: /) },
        { id: 'r2', error: 'ratings: too many' },
      ],
    })
  })
})
