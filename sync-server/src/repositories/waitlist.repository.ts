import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>

export function createWaitlistRepository(db: Kysely<Database>) {
  return {
    /** A repeated address changes nothing. */
    async add(email: string, nowIso: string): Promise<void> {
      await db
        .insertInto('waitlist')
        .values({ email, created_at: nowIso })
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    },
    async has(email: string): Promise<boolean> {
      const row = await db.selectFrom('waitlist').select('email').where('email', '=', email).executeTakeFirst()
      return row !== undefined
    },
  }
}
