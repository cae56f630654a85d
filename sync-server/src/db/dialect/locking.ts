/**
 * Serialising the writes of one person across concurrent transactions: every transaction that writes a
 * person's rows (the watch-event ingest, goal changes, outside hours, ratings, comments, feedback,
 * submissions, deletion codes) and the account deletion itself call lockUserRows FIRST, before touching
 * any other row. One lock taken first, in every writer, is the one fixed order, so a person's own
 * concurrent writes cannot deadlock one another; and since every writer then checks that the account
 * still exists, nothing written for a person outlives the deletion that took the lock before it
 * (issue 29). The lock is released by the transaction's commit or rollback.
 * - SQLite: every write transaction begins IMMEDIATE (and the ingest thread's group commit too), so
 *   writers already take turns; only the check is needed.
 * - PostgreSQL: a transaction-scoped advisory lock keyed by (USER_ROWS, user id), then the check. The
 *   two-key form has a key space of its own, apart from the one-key locks (migrations use one of
 *   those). Its keys are 32-bit: user ids past 2^31 would need the one-key form with the scope folded
 *   in. Under READ COMMITTED the check, run after the lock is granted, sees a deletion committed while
 *   the writer waited.
 */
import { sql, type Kysely } from 'kysely'
import { accountGone } from '../../errors.ts'
import type { EngineName } from '../engine.ts'
import type { Database } from '../schema.ts'

/** The first key of our two-key advisory locks: "a user's rows". */
const USER_ROWS = 16_001
/** "Issuing sign-in codes": checking the hourly send limits and storing a code, one at a time. */
const SIGN_IN_CODES = 16_002
/** "Storing application videos": the open form's hourly ceiling, counted and stored one at a time. */
const APPLICATION_CEILING = 16_003

export interface Locking {
  /**
   * True on SQLite: one write transaction at a time, so a single statement that checks the account in
   * its own WHERE is already atomic with the deletion. PostgreSQL needs the lock taken first.
   */
  readonly writersTakeTurns: boolean
  /** Takes the person's lock, then answers 401 (accountGone) when the account is deleted or unknown. */
  lockUserRows(trx: Kysely<Database>, userId: number): Promise<void>
  /** Every API process issues sign-in codes one at a time, so requests together cannot pass one count. */
  lockCodeIssuing(trx: Kysely<Database>): Promise<void>
  /** Every API process stores application videos one at a time, so requests together cannot pass the hour's ceiling. */
  lockApplicationCeiling(trx: Kysely<Database>): Promise<void>
}

/** Throws accountGone unless the account is there and not deleted, read inside the caller's transaction. */
async function checkStillThere(trx: Kysely<Database>, userId: number): Promise<void> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst()
  if (!row) throw accountGone()
}

const sqliteLocking: Locking = {
  writersTakeTurns: true,
  lockUserRows: checkStillThere,
  async lockCodeIssuing() {},
  async lockApplicationCeiling() {},
}

const postgresLocking: Locking = {
  writersTakeTurns: false,
  async lockUserRows(trx, userId) {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(USER_ROWS)}, ${userId}::int)`.execute(trx)
    await checkStillThere(trx, userId)
  },
  async lockCodeIssuing(trx) {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(SIGN_IN_CODES)}, 0)`.execute(trx)
  },
  async lockApplicationCeiling(trx) {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(APPLICATION_CEILING)}, 0)`.execute(trx)
  },
}

export function lockingFor(engine: EngineName): Locking {
  return engine === 'postgres' ? postgresLocking : sqliteLocking
}

/** Deadlock and serialization failures: the transaction did nothing and may be run again. */
const RETRYABLE = new Set(['40P01', '40001'])
/** How many times a person's transaction is tried before its error goes out. */
export const PERSON_WRITE_ATTEMPTS = 4

/** True for an error a transaction may be run again after (PostgreSQL's 40P01 and 40001). */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && RETRYABLE.has(code)
}

/**
 * One transaction writing a person's rows: the person's lock taken first (and the account checked),
 * then `work`; run again, up to PERSON_WRITE_ATTEMPTS times in all, after a deadlock or serialization
 * failure, which the fixed order should prevent but a database may still report.
 */
export async function personTransaction<T>(
  db: Kysely<Database>,
  locking: Locking,
  userId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await locking.lockUserRows(trx, userId)
        return work(trx)
      })
    } catch (error) {
      if (attempt >= PERSON_WRITE_ATTEMPTS || !isRetryable(error)) throw error
    }
  }
}
