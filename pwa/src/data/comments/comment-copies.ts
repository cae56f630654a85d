/**
 * The last comments seen of each video, kept on the device so the video page shows them offline as a
 * saved copy (saying when it was saved) rather than as an error. Every list the page loads replaces
 * its video's copy, and a download fetches one for its video: a downloaded video is the one most
 * likely to be opened with no signal. The newest copies are kept, and a downloaded video's whatever
 * its age; older ones go, so browsing many videos does not fill the device.
 */
import { LIST_MAX_LIMIT } from '../../../../contract/limits.ts'
import type { Comment } from '../../../../contract/schemas/watching.ts'
import type { User } from '../../../../contract/schemas/user.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'


/** Copies kept beyond those of downloaded videos. */
export const KEEP_COPIES = 50

export async function fetchComments(videoId: number): Promise<Comment[]> {
  const page = await call('comments.list', undefined, { params: { id: videoId }, query: { limit: LIST_MAX_LIMIT } })
  return page.data
}

export async function saveCommentCopy(videoId: number, comments: Comment[], savedAt = Date.now()): Promise<void> {
  await db.commentCopies.put({ videoId, comments, savedAt })
  await pruneCommentCopies()
}

/** Drops the copies past the newest KEEP_COPIES, except those of downloaded videos. */
export async function pruneCommentCopies(): Promise<void> {
  await db.transaction('rw', db.commentCopies, db.downloads, async () => {
    if ((await db.commentCopies.count()) <= KEEP_COPIES) return
    const downloaded = new Set(await db.downloads.toCollection().primaryKeys())
    const older = await db.commentCopies.orderBy('savedAt').reverse().offset(KEEP_COPIES).primaryKeys()
    await db.commentCopies.bulkDelete(older.filter((videoId) => !downloaded.has(videoId)))
  })
}

/**
 * A download's copy: fetched only for people who may read comments (premium and admins, as the
 * device knows them), so nobody else asks for a list the server would refuse. Never fails the caller.
 */
export async function keepCommentsOf(videoId: number): Promise<void> {
  try {
    const user = (await db.records.get('user'))?.value as User | undefined
    if (!user || !(user.is_premium || user.premium || user.is_admin)) return
    await saveCommentCopy(videoId, await fetchComments(videoId))
  } catch {
    // Offline or refused: the page saves a copy the next time it shows the comments.
  }
}
