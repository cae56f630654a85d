/**
 * Claiming jobs, the part of the job queue that differs between the engines. A claim takes the oldest
 * job that is queued, or running with its lease passed (its worker stopped or died), marks it running
 * with a new lease, and counts the attempt.
 * - SQLite: one process owns the file and SQLite runs one write at a time, so a plain
 *   `UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING *` cannot hand one job to two claimers. At start
 *   the process requeues every running job at once: no other process can be running it.
 * - PostgreSQL: several workers (processes, or queues over separate pools) claim at once. Under READ
 *   COMMITTED two plain claims can pick the same id and both update it, so the inner SELECT locks the
 *   row it picks with `FOR UPDATE SKIP LOCKED` (a concurrent claim takes the next one) and the UPDATE
 *   re-checks the condition. At start nothing is requeued: a running job may belong to a live process;
 *   one whose worker stopped is claimed again when its lease passes (at once after a clean stop).
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely'
import type { EngineName } from '../engine.ts'
import type { Database, Row } from '../schema.ts'

export type JobRow = Row<'jobs'>

export interface JobClaim {
  /** Claims the oldest claimable job for `leaseMs`; undefined when there is none. */
  next(db: Kysely<Database>, now: number, leaseMs: number): Promise<JobRow | undefined>
  /** At start: jobs this engine knows were cut short by a stop become claimable now; returns how many. */
  recoverAtStart(db: Kysely<Database>): Promise<number>
}

/** Queued, or running with no lease or a lease that has passed. */
function claimable(now: number): Expression<SqlBool> {
  return sql<SqlBool>`(state = 'queued' OR (state = 'running' AND (lease_until IS NULL OR lease_until < ${now})))`
}

const sqliteClaim: JobClaim = {
  async next(db, now, leaseMs) {
    return db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', started_at: now, lease_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) => eb.selectFrom('jobs').select('id').where(claimable(now)).orderBy('id').limit(1))
      .returningAll()
      .executeTakeFirst()
  },
  async recoverAtStart(db) {
    const result = await db.updateTable('jobs').set({ state: 'queued', lease_until: null }).where('state', '=', 'running').executeTakeFirst()
    return Number(result.numUpdatedRows)
  },
}

const postgresClaim: JobClaim = {
  async next(db, now, leaseMs) {
    const claimed = await sql<JobRow>`
      UPDATE jobs SET state = 'running', started_at = ${now}, lease_until = ${now + leaseMs}, attempts = attempts + 1
       WHERE ${claimable(now)}
         AND id = (SELECT id FROM jobs WHERE ${claimable(now)} ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(db)
    return claimed.rows[0]
  },
  async recoverAtStart() {
    return 0
  },
}

export function jobClaimFor(engine: EngineName): JobClaim {
  return engine === 'postgres' ? postgresClaim : sqliteClaim
}
