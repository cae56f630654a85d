import type { Db } from '../db/connection.ts'

export type MediaAccessRepository = ReturnType<typeof createMediaAccessRepository>

/** What a playlist request re-checks about a grant: its session, and the video or submission it opens. */
export function createMediaAccessRepository(db: Db) {
  // The grant carries the start of the token hash: a range on the sessions key finds it.
  const sessionUser = db.prepare<[string, string, number, number], { is_premium: number; is_admin: number; is_contributor: number }>(
    `SELECT u.is_premium, u.is_admin, u.is_contributor
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash >= ? AND s.token_hash < ? AND s.user_id = ? AND s.revoked_at IS NULL AND s.expires_at > ?
      LIMIT 1`,
  )
  const video = db.prepare<[string], { access_level: string; published_at: string | null }>(
    'SELECT access_level, published_at FROM videos WHERE media_key = ?',
  )
  const submissionOwners = db.prepare<[string], { user_id: number }>('SELECT user_id FROM submissions WHERE media_key = ?')
  return {
    /** The user of a live session whose token hash starts with `tokenHashStart`, or undefined. */
    sessionUser: (userId: number, tokenHashStart: string, now: number) => sessionUser.get(tokenHashStart, `${tokenHashStart}g`, userId, now),
    videoByMediaKey: (mediaKey: string) => video.get(mediaKey),
    submissionOwners: (mediaKey: string) => submissionOwners.all(mediaKey).map((row) => row.user_id),
  }
}
