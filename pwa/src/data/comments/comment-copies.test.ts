/** The comments kept per video for offline reading (real Dexie schema over fake-indexeddb). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../../contract/schemas/user.ts'
import type { Comment } from '../../../../contract/schemas/watching.ts'
import { KEEP_COPIES, keepCommentsOf, pruneCommentCopies, saveCommentCopy } from './comment-copies.ts'
import { db } from '../db.ts'

const comment = (id: number): Comment => ({ id, text: `Bình luận ${id}`, author: { display_name: 'Lan' }, created_at: '2026-06-01T10:00:00.000Z', deleted: false })

const fetchMock = vi.fn<typeof fetch>()

beforeEach(async () => {
  await db.commentCopies.clear()
  await db.downloads.clear()
  await db.records.clear()
  fetchMock.mockReset()
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: [comment(1)], next_cursor: null }), { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => vi.unstubAllGlobals())

const signedIn = (flags: Partial<User>) => db.records.put({ key: 'user', value: { id: 1, is_premium: false, premium: false, is_admin: false, ...flags } as User })

describe('comment copies', () => {
  it('a video seen again replaces its copy with the newer list and time', async () => {
    await saveCommentCopy(7, [comment(1)], 1_000)
    await saveCommentCopy(7, [comment(1), comment(2)], 2_000)
    expect(await db.commentCopies.get(7)).toEqual({ videoId: 7, comments: [comment(1), comment(2)], savedAt: 2_000 })
    expect(await db.commentCopies.count()).toBe(1)
  })

  it('browsing many videos keeps the newest copies, and a downloaded video keeps its copy however old', async () => {
    await db.downloads.put({ videoId: 1 } as never)
    for (let videoId = 1; videoId <= KEEP_COPIES + 5; videoId++) await saveCommentCopy(videoId, [comment(videoId)], videoId * 1_000)
    await pruneCommentCopies()
    const kept = (await db.commentCopies.toCollection().primaryKeys()).sort((a, b) => a - b)
    expect(kept).toHaveLength(KEEP_COPIES + 1)
    expect(kept[0]).toBe(1) // downloaded
    expect(kept[1]).toBe(6) // the oldest of the newest KEEP_COPIES
    expect(kept.at(-1)).toBe(KEEP_COPIES + 5)
  })

  it("a premium member's download keeps its video's comments for reading offline", async () => {
    await signedIn({ is_premium: true })
    await keepCommentsOf(7)
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/videos\/7\/comments\?limit=/)
    expect((await db.commentCopies.get(7))?.comments).toEqual([comment(1)])
  })

  it('a download by someone who may not read comments asks nothing', async () => {
    await signedIn({})
    await keepCommentsOf(7)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(await db.commentCopies.get(7)).toBeUndefined()
  })
})
