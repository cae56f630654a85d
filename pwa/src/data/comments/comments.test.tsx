/**
 * The comments a video page shows when the network does not answer: the copy last seen, with when it
 * was saved, rather than an error (real Dexie schema over fake-indexeddb, fetch stood in for).
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Comment } from '../../../../contract/schemas/watching.ts'
import { db } from '../db.ts'
import { useServerComments } from './comments.ts'

const comment: Comment = { id: 1, text: 'Hay quá!', author: { display_name: 'Lan' }, created_at: '2026-06-01T10:00:00.000Z', deleted: false }
const offline = () => Promise.reject(new TypeError('Failed to fetch'))
const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))

const fetchMock = vi.fn<typeof fetch>()

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined) // the hook notes each failed load
  await db.commentCopies.clear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('comments with no answer from the network', () => {
  it('a list loaded online is kept, and shows offline as the copy saved then', async () => {
    fetchMock.mockImplementation(() => answer(200, { data: [comment], next_cursor: null }))
    const online = renderHook(() => useServerComments(7, 0))
    await waitFor(() => expect(online.result.current).toEqual({ kind: 'ready', comments: [comment] }))
    await waitFor(async () => expect((await db.commentCopies.get(7))?.comments).toEqual([comment]))
    const savedAt = (await db.commentCopies.get(7))!.savedAt
    online.unmount()

    fetchMock.mockImplementation(offline)
    const later = renderHook(() => useServerComments(7, 0))
    await waitFor(() => expect(later.result.current).toEqual({ kind: 'saved', comments: [comment], savedAt }))
  })

  it('offline with nothing saved says the comments are unreachable, not that they failed', async () => {
    fetchMock.mockImplementation(offline)
    const { result } = renderHook(() => useServerComments(8, 0))
    await waitFor(() => expect(result.current).toEqual({ kind: 'unreachable' }))
  })

  it('coming back online loads the list again', async () => {
    fetchMock.mockImplementation(offline)
    const { result } = renderHook(() => useServerComments(10, 0))
    await waitFor(() => expect(result.current).toEqual({ kind: 'unreachable' }))
    fetchMock.mockImplementation(() => answer(200, { data: [comment], next_cursor: null }))
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(result.current).toEqual({ kind: 'ready', comments: [comment] }))
  })
})
