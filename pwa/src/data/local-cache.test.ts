/** What the device keeps of a person across sign-outs and sign-ins (real Dexie schema over fake-indexeddb). */
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db.ts'
import { claimLocalData, clearLocalData } from './local-cache.ts'
import type { UploadItem } from './uploads/upload-queue.ts'

function upload(id: string): UploadItem {
  return { id, submissionId: 1, title: id, fileName: 'a.mp4', fileType: 'video/mp4', size: 1, status: 'failed', error: 'signed_out', bytesSent: 0, speed: 0, processingPercent: 0, createdAt: 0 }
}

/** Something of every kind a person leaves: unsent watch time, a refused item, an upload, a download, the comments seen, a saved line and its review. */
async function leaveData() {
  await db.outbox.put({ id: 'w1', kind: 'watch_event', payload: {}, createdAt: 0, attempts: 0, nextAttemptAt: 0 } as never)
  await db.deadLetters.put({ id: 'd1' } as never)
  await db.uploads.put(upload('u1'))
  await db.uploadBlobs.put({ id: 'u1', blob: new Blob(['x']) })
  await db.downloads.put({ videoId: 7 } as never)
  await db.commentCopies.put({ videoId: 7, comments: [], savedAt: 0 })
  await db.cards.put({ id: 'c1', language: 'vi', video_id: 7, text: 'Xin chào', due: 0 } as never)
  await db.reviews.put({ id: 'r1', card_id: 'c1', reviewed_at: 0 } as never)
}

const counts = async () => [
  await db.outbox.count(),
  await db.deadLetters.count(),
  await db.uploads.count(),
  await db.uploadBlobs.count(),
  await db.downloads.count(),
  await db.commentCopies.count(),
  await db.cards.count(),
  await db.reviews.count(),
]

beforeEach(async () => {
  await clearLocalData()
})

describe('local data across sessions', () => {
  it('a logout clears everything of the person, the owner mark included', async () => {
    await claimLocalData(1)
    await leaveData()
    await clearLocalData()
    expect(await counts()).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect(await db.records.count()).toBe(0)
  })

  it('the same person signing in again (after a 401 kept their data) finds all of it, to be sent once', async () => {
    await claimLocalData(1)
    await leaveData()
    await claimLocalData(1)
    expect(await counts()).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
  })

  it('another person signing in finds nothing of the one before', async () => {
    await claimLocalData(1)
    await leaveData()
    await claimLocalData(2)
    expect(await counts()).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect((await db.records.get('owner'))?.value).toBe(2)
  })

  it('a device from before owners were kept becomes the signed-in person’s without losing anything', async () => {
    await leaveData()
    await claimLocalData(1)
    expect(await counts()).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
  })
})
