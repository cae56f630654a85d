import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>

export function createFeedbackRepository(db: Kysely<Database>) {
  return {
    /**
     * Inserts once per (user, client_id); a repeat returns the first id with `created: false`.
     * `ON CONFLICT DO NOTHING RETURNING` answers a row only when it inserted one, on both engines, so
     * no transaction is needed: the insert is atomic, and the row it lost to is there to read.
     */
    async insertOnce(
      userId: number,
      clientId: string | null,
      feedback: string,
      environmentJson: string | null,
      nowIso: string,
    ): Promise<{ id: number; created: boolean }> {
      const inserted = await db
        .insertInto('user_feedbacks')
        .values({ user_id: userId, client_id: clientId, feedback, environment_data: environmentJson, created_at: nowIso })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst()
      if (inserted) return { id: inserted.id, created: true }
      const first = await db
        .selectFrom('user_feedbacks')
        .select('id')
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId!)
        .executeTakeFirstOrThrow()
      return { id: first.id, created: false }
    },
  }
}
