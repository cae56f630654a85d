/** What a sign-out leaves on the device (real Dexie schema over fake-indexeddb). */
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db.ts'
import { clearLocalData, forgetOthersUploads } from './local-cache.ts'
import type { UploadItem } from './upload-queue.ts'

function item(id: string, ownerId?: number): UploadItem {
  return { id, submissionId: 1, title: id, fileName: 'a.mp4', fileType: 'video/mp4', size: 1, status: 'failed', error: 'signed_out', bytesSent: 0, speed: 0, processingPercent: 0, createdAt: 0, ownerId }
}

async function queue(...items: UploadItem[]) {
  await db.uploads.bulkPut(items)
  await db.uploadBlobs.bulkPut(items.map(({ id }) => ({ id, blob: new Blob(['x']) })))
}

beforeEach(async () => {
  await clearLocalData()
})

describe('local data on sign-out', () => {
  it('a logout clears the queued uploads with everything else', async () => {
    await queue(item('a', 1))
    await db.records.put({ key: 'lastSyncAt', value: 1 })
    await clearLocalData()
    expect(await db.uploads.count()).toBe(0)
    expect(await db.uploadBlobs.count()).toBe(0)
    expect(await db.records.count()).toBe(0)
  })

  it('a session the server ended keeps the queued uploads (and only them)', async () => {
    await queue(item('a', 1))
    await db.records.put({ key: 'lastSyncAt', value: 1 })
    await clearLocalData({ keepUploads: true })
    expect(await db.uploads.count()).toBe(1)
    expect(await db.uploadBlobs.count()).toBe(1)
    expect(await db.records.count()).toBe(0)
  })

  it('the next sign-in drops the uploads another person left, bytes included', async () => {
    await queue(item('mine', 1), item('theirs', 2), item('older'))
    await forgetOthersUploads(1)
    expect((await db.uploads.toCollection().primaryKeys()).sort()).toEqual(['mine', 'older'])
    expect((await db.uploadBlobs.toCollection().primaryKeys()).sort()).toEqual(['mine', 'older'])
  })
})
