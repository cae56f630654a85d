/**
 * The parts of the job queue that differ between the engines: the database's clock, and claiming.
 *
 * Every time a job carries (lease_until, run_after, started_at, finished_at) is epoch ms read from the
 * database's clock in the statement that writes or compares it, never from a process's own clock, so
 * processes whose clocks disagree still agree on whose lease has passed.
 *
 * A claim takes the oldest job that is queued and due (run_after passed), or running with its lease
 * passed (its worker died), marks it running with a new lease, and counts one claim and one attempt.
 * - SQLite: SQLite runs one write at a time, so a plain `UPDATE … WHERE id = (SELECT … LIMIT 1)
 *   RETURNING *` cannot hand one job to two claimers.
 * - PostgreSQL: several workers (processes, or queues over separate pools) claim at once. Under READ
 *   COMMITTED two plain claims can pick the same id and both update it, so the inner SELECT locks the
 *   row it picks with `FOR UPDATE SKIP LOCKED` (a concurrent claim takes the next one) and the UPDATE
 *   re-checks the condition.
 * On both, nothing is requeued at start: a running job may belong to a live process (a separate worker
 * on the same SQLite file, too); one whose worker died is claimed again when its lease passes, and a
 * clean stop hands its job back at once.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { EngineName } from '../engine.ts'
import type { Database, Row } from '../schema.ts'

export type JobRow = Row<'jobs'>

export interface JobClaim {
  /** The database's clock in epoch ms, as an SQL expression (one value within a statement). */
  now: RawBuilder<number>
  /**
   * Claims the oldest claimable job of these kinds (the ones this process has handlers for: a kind it
   * does not know, from a newer release say, is left to a worker that does) for `leaseMs`.
   */
  next(db: Kysely<Database>, leaseMs: number, kinds: readonly string[]): Promise<JobRow | undefined>
}

/** Of these kinds, queued and due, or running with no lease or a lease that has passed. */
function claimable(now: RawBuilder<number>, kinds: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`(kind IN (${sql.join(kinds)}) AND ((state = 'queued' AND (run_after IS NULL OR run_after <= ${now})) OR (state = 'running' AND (lease_until IS NULL OR lease_until < ${now}))))`
}

/**
 * julianday('now') is fixed for the whole statement (whole ms); 2440587.5 is the Julian day of
 * 1970-01-01. Rounded, not truncated: the product of the double can fall a hair under the whole ms.
 */
const sqliteNow = sql<number>`CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)`
/** now() is the start of the transaction (a single statement here): one value for the statement. */
const postgresNow = sql<number>`(EXTRACT(EPOCH FROM now()) * 1000)::bigint`

const sqliteClaim: JobClaim = {
  now: sqliteNow,
  async next(db, leaseMs, kinds) {
    if (kinds.length === 0) return undefined
    return db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        started_at: sqliteNow,
        lease_until: sql<number>`${sqliteNow} + ${leaseMs}`,
        attempts: eb('attempts', '+', 1),
        claims: eb('claims', '+', 1),
      }))
      .where('id', '=', (eb) => eb.selectFrom('jobs').select('id').where(claimable(sqliteNow, kinds)).orderBy('id').limit(1))
      .returningAll()
      .executeTakeFirst()
  },
}

const postgresClaim: JobClaim = {
  now: postgresNow,
  async next(db, leaseMs, kinds) {
    if (kinds.length === 0) return undefined
    const claimed = await sql<JobRow>`
      UPDATE jobs SET state = 'running', started_at = ${postgresNow}, lease_until = ${postgresNow} + ${leaseMs},
             attempts = attempts + 1, claims = claims + 1
       WHERE ${claimable(postgresNow, kinds)}
         AND id = (SELECT id FROM jobs WHERE ${claimable(postgresNow, kinds)} ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(db)
    return claimed.rows[0]
  },
}

export function jobClaimFor(engine: EngineName): JobClaim {
  return engine === 'postgres' ? postgresClaim : sqliteClaim
}
