import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface CommentRow {
  id: number
  video_id: number
  text: string
  created_at: string
  author_display_name: string | null
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>

export function createCommentsRepository(db: Kysely<Database>) {
  const withAuthor = () =>
    db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.video_id', 'c.text', 'c.created_at', 'u.display_name as author_display_name'])

  return {
    /** Oldest first, after the id in the cursor. */
    page(videoId: number, afterId: number, limit: number): Promise<CommentRow[]> {
      return withAuthor().where('c.video_id', '=', videoId).where('c.id', '>', afterId).orderBy('c.id').limit(limit).execute()
    },
    /**
     * Inserts once per (user, client_id); a repeat returns the first comment with `created: false`, whose
     * video_id the caller compares (the unique index is per user, so another video's repeat lands here too).
     * `ON CONFLICT DO NOTHING RETURNING` answers a row only to the request that inserted it, on both
     * engines; a request that lost waits for the winner's commit (PostgreSQL) or the write lock (SQLite),
     * so the row it reads next is there. No transaction is needed.
     */
    async insertOnce(videoId: number, userId: number, clientId: string, text: string, nowIso: string): Promise<{ comment: CommentRow; created: boolean }> {
      const inserted = await db
        .insertInto('comments')
        .values({ video_id: videoId, user_id: userId, client_id: clientId, text, created_at: nowIso })
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
      const comment = await withAuthor().where('c.user_id', '=', userId).where('c.client_id', '=', clientId).executeTakeFirstOrThrow()
      return { comment, created: inserted !== undefined }
    },
  }
}
