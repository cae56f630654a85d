import type { Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type MediaAccessRepository = ReturnType<typeof createMediaAccessRepository>

/** What a playlist request re-checks about a grant: its session, and the video or submission it opens. */
export function createMediaAccessRepository(db: Kysely<Database>) {
  return {
    /**
     * The user of a live session whose token hash starts with `tokenHashStart`, or undefined. The grant
     * carries the start of the (lowercase hex) token hash: a range on the sessions key finds it.
     */
    sessionUser(userId: number, tokenHashStart: string, now: number): Promise<Pick<Row<'users'>, 'is_premium' | 'is_admin' | 'is_contributor'> | undefined> {
      return db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.is_premium', 'u.is_admin', 'u.is_contributor'])
        .where('s.token_hash', '>=', tokenHashStart)
        .where('s.token_hash', '<', `${tokenHashStart}g`)
        .where('s.user_id', '=', userId)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .limit(1)
        .executeTakeFirst()
    },
    videoByMediaKey(mediaKey: string): Promise<{ access_level: string; published_at: string | null } | undefined> {
      return db.selectFrom('videos').select(['access_level', 'published_at']).where('media_key', '=', mediaKey).executeTakeFirst()
    },
    async submissionOwners(mediaKey: string): Promise<number[]> {
      const rows = await db.selectFrom('submissions').select('user_id').where('media_key', '=', mediaKey).execute()
      return rows.map((row) => row.user_id)
    },
  }
}
