import type { Kysely } from 'kysely'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database, Row } from '../db/schema.ts'

export type AccountDeletionCodeRow = Row<'account_deletion_codes'>
export type AccountDeletionCodesRepository = ReturnType<typeof createAccountDeletionCodesRepository>

/** Codes that confirm deleting an account (0016), one account's at a time. */
/** With `locking`, a new code is stored under the person's lock: none outlives the account. */
export function createAccountDeletionCodesRepository(db: Kysely<Database>, locking?: Locking) {
  return {
    /** Codes made for the account after `since`, and when the oldest was made: the hourly send limit. */
    sentSince: (userId: number, since: number): Promise<{ count: number; oldest: number | null }> =>
      db
        .selectFrom('account_deletion_codes')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest')])
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow(),
    /** Stores a new code; the account's earlier codes stop working. Returns the row id. */
    replace(userId: number, codeHash: string, now: number, expiresAt: number): Promise<number> {
      const write = async (trx: Kysely<Database>) => {
        await trx.updateTable('account_deletion_codes').set({ consumed_at: now }).where('user_id', '=', userId).where('consumed_at', 'is', null).execute()
        const row = await trx
          .insertInto('account_deletion_codes')
          .values({ user_id: userId, code_hash: codeHash, created_at: now, expires_at: expiresAt })
          .returning('id')
          .executeTakeFirstOrThrow()
        return row.id
      }
      return locking ? personTransaction(db, locking, userId, write) : db.transaction().execute(write)
    },
    newestUnused: (userId: number): Promise<AccountDeletionCodeRow | undefined> =>
      db
        .selectFrom('account_deletion_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    async recordWrongTry(id: number): Promise<number> {
      const row = await db
        .updateTable('account_deletion_codes')
        .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
        .where('id', '=', id)
        .returning('wrong_tries')
        .executeTakeFirstOrThrow()
      return row.wrong_tries
    },
    /** Uses the code only while unused and with tries left, in one UPDATE (tries made together: one wins). */
    async consume(id: number, now: number, maxWrongTries: number): Promise<boolean> {
      const used = await db
        .updateTable('account_deletion_codes')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('wrong_tries', '<', maxWrongTries)
        .returning('id')
        .executeTakeFirst()
      return used !== undefined
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('account_deletion_codes').where('id', '=', id).execute()
    },
  }
}
