/**
 * Serialising the writes of one user across concurrent transactions, where a rule reads before it
 * writes (the watch-event ingest's covered time and day totals, the outside-hours ceiling of a date).
 * Call it first inside the transaction; the lock is released by its commit or rollback.
 * - SQLite: nothing to do; every write transaction begins IMMEDIATE, so writers already take turns.
 * - PostgreSQL: a transaction-scoped advisory lock keyed by (USER_ROWS, user id). The two-key form
 *   has a key space of its own, apart from the one-key locks (migrations use one of those). Its keys
 *   are 32-bit: user ids past 2^31 would need the one-key form with the scope folded in.
 */
import { sql, type Kysely } from 'kysely'
import type { EngineName } from '../engine.ts'
import type { Database } from '../schema.ts'

/** The first key of our two-key advisory locks: "a user's rows". */
const USER_ROWS = 16_001
/** "Issuing sign-in codes": checking the hourly send limits and storing a code, one at a time. */
const SIGN_IN_CODES = 16_002

export interface Locking {
  lockUserRows(trx: Kysely<Database>, userId: number): Promise<void>
  /** Every API process issues sign-in codes one at a time, so requests together cannot pass one count. */
  lockCodeIssuing(trx: Kysely<Database>): Promise<void>
}

const sqliteLocking: Locking = {
  async lockUserRows() {},
  async lockCodeIssuing() {},
}

const postgresLocking: Locking = {
  async lockUserRows(trx, userId) {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(USER_ROWS)}, ${userId}::int)`.execute(trx)
  },
  async lockCodeIssuing(trx) {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(SIGN_IN_CODES)}, 0)`.execute(trx)
  },
}

export function lockingFor(engine: EngineName): Locking {
  return engine === 'postgres' ? postgresLocking : sqliteLocking
}
