import type { Kysely } from 'kysely'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { accountGone } from '../errors.ts'

export interface CommentRow {
  id: number
  video_id: number
  text: string
  created_at: string
  author_display_name: string | null
  /** The author's account was deleted (then `text` holds nothing of theirs). */
  author_deleted_at: string | null
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>

export function createCommentsRepository(db: Kysely<Database>, locking: Locking) {
  const withAuthor = (from: Kysely<Database> = db) =>
    from
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.video_id', 'c.text', 'c.created_at', 'u.display_name as author_display_name', 'u.deleted_at as author_deleted_at'])

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
     * so the row it reads next is there. It runs under the person's lock (db/dialect/locking.ts), so a
     * comment sent while the account is being deleted is either erased with it or refused (401).
     */
    insertOnce(videoId: number, userId: number, clientId: string, text: string, nowIso: string): Promise<{ comment: CommentRow; created: boolean }> {
      const stored = (from: Kysely<Database>) => withAuthor(from).where('c.user_id', '=', userId).where('c.client_id', '=', clientId).executeTakeFirst()
      if (locking.writersTakeTurns) {
        // SQLite: one statement, inserting only while the account is there, is atomic with the
        // deletion without a transaction (which would make connections of one thread wait on each other).
        return (async () => {
          const inserted = await db
            .insertInto('comments')
            .columns(['video_id', 'user_id', 'client_id', 'text', 'created_at'])
            .expression((eb) =>
              eb
                .selectFrom('users')
                .select([eb.val(videoId).as('video_id'), 'id', eb.val(clientId).as('client_id'), eb.val(text).as('text'), eb.val(nowIso).as('created_at')])
                .where('id', '=', userId)
                .where('deleted_at', 'is', null),
            )
            .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
            .returning('id')
            .executeTakeFirst()
          const comment = await stored(db)
          if (!comment) throw accountGone()
          return { comment, created: inserted !== undefined }
        })()
      }
      return personTransaction(db, locking, userId, async (trx) => {
        const inserted = await trx
          .insertInto('comments')
          .values({ video_id: videoId, user_id: userId, client_id: clientId, text, created_at: nowIso })
          .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
          .returning('id')
          .executeTakeFirst()
        const comment = await stored(trx)
        if (!comment) throw new Error('the comment just stored is not there')
        return { comment, created: inserted !== undefined }
      })
    },
  }
}
