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

/** Everything of one person the device keeps: cached data, unsent items, queued uploads, downloads, comments seen, word states. */
const personalTables = () => [db.languages, db.records, db.outbox, db.deadLetters, db.videos, db.downloads, db.uploads, db.uploadBlobs, db.commentCopies, db.cards, db.reviews, db.wordStates, db.videoWords, db.studioDrafts]
/** The db.records entry naming whose data the local database holds (a user id). */
const OWNER = 'owner'

/**
 * A logout: nothing of the person stays on the device, downloads' files included. (A session the
 * server ended, by a 401, keeps it all: see claimLocalData.)
 */
export async function clearLocalData(): Promise<void> {
  const personal = personalTables()
  await db.transaction('rw', personal, async () => {
    for (const table of personal) await table.clear()
  })
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_MEDIA_CACHE).catch(() => false)
}

/**
 * Someone is signed in: the local database becomes theirs. What it holds stays when it is already
 * theirs, which is the case after a 401 ended their session (a token expired while offline, say):
 * their unsent watch time, comments and feedback, queued uploads and downloads are all there when they
 * sign in again, and are sent then, once. Another person's are dropped before anything is sent under
 * this session. Answers once the database is theirs; nothing may be synced before.
 */
export async function claimLocalData(userId: number): Promise<void> {
  const owner = (await db.records.get(OWNER))?.value as number | undefined
  if (owner !== undefined && owner !== userId) await clearLocalData()
  await db.records.put({ key: OWNER, value: userId })
}
