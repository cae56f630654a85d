/**
 * The jobs table (jobs/job-queue.ts): claims, the outcome of a run, periodic scheduling, and the admin
 * view. Every time is the database's clock (`claim.now`, db/dialect/job-claim.ts). A write about a run
 * is guarded by its claim number (`claims`), so a worker that lost its lease to another changes nothing.
 */
import { sql, type Kysely } from 'kysely'
import { jobClaimFor, type JobRow } from '../db/dialect/job-claim.ts'
import type { EngineName } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'

export type { JobRow }
export type JobsRepository = ReturnType<typeof createJobsRepository>
export type ListedJobState = 'queued' | 'running' | 'done' | 'failed'

export function createJobsRepository(db: Kysely<Database>, engine: EngineName) {
  const claim = jobClaimFor(engine)
  const now = claim.now
  const ofClaim = (job: Pick<JobRow, 'id' | 'claims'>) =>
    db.updateTable('jobs').where('id', '=', job.id).where('state', '=', 'running').where('claims', '=', job.claims)
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n

  return {
    claimNext: (leaseMs: number, kinds: readonly string[]) => claim.next(db, leaseMs, kinds),

    /** The database's clock now, in epoch ms. */
    async now(): Promise<number> {
      const row = await sql<{ now: number }>`SELECT ${now} AS now`.execute(db)
      return Number(row.rows[0]!.now)
    },

    async insert(job: { kind: string; payload: string; uniqueKey?: string }, trx: Kysely<Database> = db): Promise<number | undefined> {
      const row = await trx
        .insertInto('jobs')
        .values({ kind: job.kind, payload: job.payload, created_at: now, unique_key: job.uniqueKey ?? null })
        .onConflict((oc) => oc.column('unique_key').doNothing())
        .returning('id')
        .executeTakeFirst()
      return row?.id
    },

    byId: (id: number) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Of these kinds, queued (due or not) or running. */
    async pendingCount(kinds: readonly string[]): Promise<number> {
      if (kinds.length === 0) return 0
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', 'in', ['queued', 'running'])
        .where('kind', 'in', kinds)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /**
     * Jobs not done, by kind and state, for the metrics; a queued job that carries an error is waiting
     * for its retry ('retry_wait') rather than new.
     */
    async countsByKindAndState(): Promise<Array<{ kind: string; state: string; count: number }>> {
      const afterFailure = sql<number>`CASE WHEN error IS NULL THEN 0 ELSE 1 END`
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['kind', 'state', afterFailure.as('after_failure'), eb.fn.countAll<number>().as('n')])
        .where('state', '<>', 'done')
        .groupBy(['kind', 'state', afterFailure])
        .execute()
      const counts = new Map<string, { kind: string; state: string; count: number }>()
      for (const row of rows) {
        const state = row.state === 'queued' && Number(row.after_failure) === 1 ? 'retry_wait' : row.state
        const key = `${row.kind}\n${state}`
        const entry = counts.get(key) ?? { kind: row.kind, state, count: 0 }
        entry.count += Number(row.n)
        counts.set(key, entry)
      }
      return [...counts.values()]
    },

    /** Extends this claim's lease; false when the job is no longer this claim's. */
    async renewLease(job: JobRow, leaseMs: number): Promise<boolean> {
      return changed(await ofClaim(job).set({ lease_until: sql<number>`${now} + ${leaseMs}` }).executeTakeFirst())
    },

    async markDone(job: JobRow): Promise<boolean> {
      return changed(await ofClaim(job).set({ state: 'done', error: null, finished_at: now, lease_until: null, run_after: null }).executeTakeFirst())
    },

    async markFailed(job: JobRow, error: string): Promise<boolean> {
      return changed(await ofClaim(job).set({ state: 'failed', error, finished_at: now, lease_until: null }).executeTakeFirst())
    },

    /** Back to the queue after an error, due in `delayMs`, the error kept; the attempt stays spent. */
    async retryLater(job: JobRow, error: string, delayMs: number): Promise<boolean> {
      return changed(
        await ofClaim(job)
          .set({ state: 'queued', error, lease_until: null, run_after: sql<number>`${now} + ${Math.max(0, Math.round(delayMs))}` })
          .executeTakeFirst(),
      )
    },

    /** A clean stop: back to the queue, due at once, and the attempt this claim counted given back. */
    async handBack(job: JobRow): Promise<boolean> {
      return changed(
        await ofClaim(job)
          .set((eb) => ({ state: 'queued', lease_until: null, run_after: null, attempts: eb('attempts', '-', 1) }))
          .executeTakeFirst(),
      )
    },

    /** Removes done jobs finished more than `ageMs` ago (a periodic job's row outlives its period by that long). */
    async pruneDone(ageMs: number): Promise<number> {
      const result = await db.deleteFrom('jobs').where('state', '=', 'done').where('finished_at', '<', sql<number>`${now} - ${ageMs}`).executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    /** The admin view: newest first, of one state or (none given) every job. */
    async list(options: { state?: ListedJobState; limit: number; beforeId?: number }): Promise<JobRow[]> {
      let query = db.selectFrom('jobs').selectAll()
      if (options.state) query = query.where('state', '=', options.state)
      if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId)
      return query.orderBy('id', 'desc').limit(options.limit).execute()
    },

    /** A failed job queued again now with its attempts reset; undefined when it is not failed. */
    async retryFailedNow(id: number): Promise<JobRow | undefined> {
      return db
        .updateTable('jobs')
        .set({ state: 'queued', attempts: 0, run_after: null, finished_at: null, lease_until: null })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .returningAll()
        .executeTakeFirst()
    },
  }
}
