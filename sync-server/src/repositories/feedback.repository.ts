import type { Kysely } from 'kysely'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>

export function createFeedbackRepository(db: Kysely<Database>, locking: Locking) {
  return {
    /**
     * Inserts once per (user, client_id); a repeat returns the first id with `created: false`.
     * `ON CONFLICT DO NOTHING RETURNING` answers a row only when it inserted one, on both engines, so
     * the row it lost to is there to read. It runs under the person's lock (db/dialect/locking.ts), so
     * feedback sent while the account is being deleted is either emptied with it or refused (401).
     */
    insertOnce(
      userId: number,
      clientId: string | null,
      feedback: string,
      environmentJson: string | null,
      nowIso: string,
    ): Promise<{ id: number; created: boolean }> {
      return personTransaction(db, locking, userId, async (trx) => {
        const inserted = await trx
          .insertInto('user_feedbacks')
          .values({ user_id: userId, client_id: clientId, feedback, environment_data: environmentJson, created_at: nowIso })
          .onConflict((conflict) => conflict.doNothing())
          .returning('id')
          .executeTakeFirst()
        if (inserted) return { id: inserted.id, created: true }
        const first = await trx
          .selectFrom('user_feedbacks')
          .select('id')
          .where('user_id', '=', userId)
          .where('client_id', '=', clientId!)
          .executeTakeFirstOrThrow()
        return { id: first.id, created: false }
      })
    },
  }
}
