/** Writes to the local database that several features share: the language list and the current user. */
import type { Language } from '../../../contract/schemas/languages.ts'
import type { User } from '../../../contract/schemas/user.ts'
import { db } from './db.ts'
import { OFFLINE_MEDIA_CACHE } from './downloads/offline-urls.ts'

export async function saveLanguages(languages: readonly Language[]): Promise<void> {
  await db.transaction('rw', db.languages, async () => {
    await db.languages.clear()
    await db.languages.bulkPut(languages.map((language, order) => ({ ...language, order })))
  })
}

export async function saveUser(user: User): Promise<void> {
  await db.records.put({ key: 'user', value: user })
}

/**
 * On sign-out nothing of the person stays on the device: cached data, unsent items (they would be
 * sent under the next person's session), queued uploads, and downloads (their files included).
 * `keepUploads` (a session the server ended, not a logout): the queued uploads stay, marked with
 * their owner, to carry on when that person signs in again (forgetOthersUploads drops them otherwise).
 */
export async function clearLocalData(options: { keepUploads?: boolean } = {}): Promise<void> {
  const uploads = options.keepUploads ? [] : [db.uploads, db.uploadBlobs]
  const personal = [db.languages, db.records, db.outbox, db.deadLetters, db.videos, db.downloads, ...uploads]
  await db.transaction('rw', personal, async () => {
    for (const table of personal) await table.clear()
  })
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_MEDIA_CACHE).catch(() => false)
}

/** Someone signed in: queued uploads another person left behind (their session ended) go. */
export async function forgetOthersUploads(userId: number): Promise<void> {
  await db.transaction('rw', db.uploads, db.uploadBlobs, async () => {
    const others = await db.uploads.filter((item) => item.ownerId !== undefined && item.ownerId !== userId).primaryKeys()
    if (others.length === 0) return
    await db.uploads.bulkDelete(others)
    await db.uploadBlobs.bulkDelete(others)
  })
}
