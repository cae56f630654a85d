import type { Kysely } from 'kysely'
import type { Locking } from '../db/dialect/locking.ts'
import type { Database, Row } from '../db/schema.ts'

export type OtpCodeRow = Row<'otp_codes'>

export type OtpCodesRepository = ReturnType<typeof createOtpCodesRepository>
export type OtpCodeQueries = ReturnType<typeof otpCodeQueries>

/** How many codes matched, and when the oldest of them was made (null when none). */
export interface SentSince {
  count: number
  oldest: number | null
}

function otpCodeQueries(db: Kysely<Database>) {
  /** Codes made after `since`, by address, by IP or both: what the hourly send limits count. */
  const sentSince = (since: number, by: { email?: string; ip?: string }): Promise<SentSince> => {
    let query = db
      .selectFrom('otp_codes')
      // COUNT is BIGINT and MIN of a BIGINT column BIGINT on PostgreSQL: the pool parses both to numbers.
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest')])
      .where('created_at', '>', since)
    if (by.email !== undefined) query = query.where('email', '=', by.email)
    if (by.ip !== undefined) query = query.where('requested_ip', '=', by.ip)
    return query.executeTakeFirstOrThrow()
  }
  const newestUnused = (email: string, ip?: string): Promise<OtpCodeRow | undefined> => {
    let query = db.selectFrom('otp_codes').selectAll().where('email', '=', email).where('consumed_at', 'is', null)
    if (ip !== undefined) query = query.where('requested_ip', '=', ip)
    return query.orderBy('id', 'desc').limit(1).executeTakeFirst()
  }

  return {
    sentToAddressSince: (email: string, since: number) => sentSince(since, { email }),
    sentFromIpSince: (ip: string, since: number) => sentSince(since, { ip }),
    sentToPairSince: (email: string, ip: string, since: number) => sentSince(since, { email, ip }),
    /**
     * Stores a new code; earlier codes asked for by the same IP stop working. Codes another network
     * asked for stay alive, so a stranger asking for codes cannot void the owner's. Returns the row id.
     */
    replace(email: string, codeHash: string, ip: string, now: number, expiresAt: number): Promise<number> {
      // Inside issuingOneAtATime the caller's transaction holds these writes; alone, a transaction of its own.
      const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work))
      return inTransaction(async (trx) => {
        await trx
          .updateTable('otp_codes')
          .set({ consumed_at: now })
          .where('email', '=', email)
          .where('requested_ip', '=', ip)
          .where('consumed_at', 'is', null)
          .execute()
        const row = await trx
          .insertInto('otp_codes')
          .values({ email, code_hash: codeHash, requested_ip: ip, created_at: now, expires_at: expiresAt })
          .returning('id')
          .executeTakeFirstOrThrow()
        return row.id
      })
    },
    /** The newest code not yet used (it may have expired or died of wrong tries). */
    newestUnused: (email: string) => newestUnused(email),
    newestUnusedOfPair: (email: string, ip: string) => newestUnused(email, ip),
    /** After a sign-in: every other code of the address stops working. */
    async retireAll(email: string, now: number): Promise<void> {
      await db.updateTable('otp_codes').set({ consumed_at: now }).where('email', '=', email).where('consumed_at', 'is', null).execute()
    },
    /**
     * A wrong try from another network than the code's: counted for that network (0017), apart from
     * the code's own tries, and in the code's total across other networks (0013). Answers both counts
     * as they stand after this try: tries made together each see their own.
     */
    async recordForeignWrongTry(id: number, network: string): Promise<{ network: number; total: number }> {
      const mine = await db
        .insertInto('otp_code_network_tries')
        .values({ code_id: id, network, wrong_tries: 1 })
        .onConflict((conflict) => conflict.columns(['code_id', 'network']).doUpdateSet((eb) => ({ wrong_tries: eb('otp_code_network_tries.wrong_tries', '+', 1) })))
        .returning('wrong_tries')
        .executeTakeFirstOrThrow()
      const all = await db
        .updateTable('otp_codes')
        .set((eb) => ({ foreign_wrong_tries: eb('foreign_wrong_tries', '+', 1) }))
        .where('id', '=', id)
        .returning('foreign_wrong_tries')
        .executeTakeFirstOrThrow()
      return { network: mine.wrong_tries, total: all.foreign_wrong_tries }
    },
    /** Wrong tries against the code from this other network so far. */
    async networkWrongTries(id: number, network: string): Promise<number> {
      const row = await db.selectFrom('otp_code_network_tries').select('wrong_tries').where('code_id', '=', id).where('network', '=', network).executeTakeFirst()
      return row?.wrong_tries ?? 0
    },
    async recordWrongTry(id: number): Promise<number> {
      const row = await db
        .updateTable('otp_codes')
        .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
        .where('id', '=', id)
        .returning('wrong_tries')
        .executeTakeFirstOrThrow()
      return row.wrong_tries
    },
    /**
     * Uses the code if it is unused and has had fewer than `maxWrongTries` wrong tries, in one UPDATE,
     * so of tries made together only one uses it, and none once the wrong ones counted reach the limit.
     * A try from another network (`foreign`) also needs that network's count under the limit, and,
     * unless `otherNetworksMax` is undefined (a network the owner has signed in from), the total of
     * other networks under that ceiling.
     */
    async consume(
      id: number,
      now: number,
      maxWrongTries: number,
      foreign?: { network: string; otherNetworksMax: number | undefined },
    ): Promise<'used' | 'already_used' | 'too_many_tries'> {
      let update = db
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('wrong_tries', '<', maxWrongTries)
      if (foreign) {
        update = update.where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('otp_code_network_tries as t')
                .select('t.code_id')
                .whereRef('t.code_id', '=', 'otp_codes.id')
                .where('t.network', '=', foreign.network)
                .where('t.wrong_tries', '>=', maxWrongTries),
            ),
          ),
        )
        if (foreign.otherNetworksMax !== undefined) update = update.where('foreign_wrong_tries', '<', foreign.otherNetworksMax)
      }
      const used = await update.returning('id').executeTakeFirst()
      if (used) return 'used'
      const row = await db.selectFrom('otp_codes').select('consumed_at').where('id', '=', id).executeTakeFirst()
      return row && row.consumed_at === null ? 'too_many_tries' : 'already_used'
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('otp_codes').where('id', '=', id).execute()
    },
    async pruneOlderThan(cutoff: number): Promise<number> {
      const result = await db.deleteFrom('otp_codes').where('created_at', '<', cutoff).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

export function createOtpCodesRepository(db: Kysely<Database>, locking?: Locking) {
  return {
    ...otpCodeQueries(db),
    /**
     * Runs `work` (the send limits' counts, then `replace`) in one transaction that every process
     * takes one at a time (an advisory lock on PostgreSQL; SQLite's IMMEDIATE transactions already
     * take turns), over a repository bound to that transaction.
     */
    issuingOneAtATime<T>(work: (codes: OtpCodeQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await locking?.lockCodeIssuing(trx)
        return work(otpCodeQueries(trx))
      })
    },
  }
}
