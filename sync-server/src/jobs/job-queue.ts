/**
 * A durable job queue in the database. A job is a row: `queued` until a worker claims it, `running`
 * while it runs, then `done` or `failed`. Because the state is in the database, jobs survive a restart:
 * a job still `running` whose worker stopped mid-way runs again (handlers are written to be re-run from
 * the start). The worker holds a running job under a lease it renews while the job runs; a stop gives
 * the lease up, so the next start runs the job again; a crash lets it pass. One job runs at a time by
 * default: ffmpeg already uses every core. Claiming is the engine-specific part
 * (`db/dialect/job-claim.ts`: on PostgreSQL `FOR UPDATE SKIP LOCKED`, so queues claiming at once, in
 * one process or several, never take the same job).
 */
import { EventEmitter } from 'node:events'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import { jobClaimFor, type JobRow } from '../db/dialect/job-claim.ts'
import type { EngineName } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'

export type { JobRow }

/** `attempt`: the job's attempt count at this claim, which names the claim (a write guarded by it is this run's). */
export type JobHandler = (payload: unknown, job: { id: number; attempt: number; signal: AbortSignal }) => Promise<void>
/** Told when a job of its kind fails for good (an error, or too many attempts), to record why. */
export type JobFailureHandler = (payload: unknown, error: string) => unknown

/** A job re-run this many times (each start after a crash counts) is given up as failed. */
const MAX_ATTEMPTS = 3
/** How often a started queue looks for jobs nobody told it about (another process enqueued them). */
const POLL_MS = 2_000
/** How long a claim holds a job; renewed every third of it while the job runs. */
const LEASE_MS = 60_000

export type JobQueue = ReturnType<typeof createJobQueue>

export function createJobQueue(deps: {
  db: Kysely<Database>
  engine: EngineName
  clock: Clock
  logger: Logger
  concurrency?: number
  pollMs?: number
  leaseMs?: number
}) {
  const { db, clock, logger } = deps
  const concurrency = deps.concurrency ?? 1
  const claim = jobClaimFor(deps.engine)
  const leaseMs = deps.leaseMs ?? LEASE_MS

  const byId = (id: number) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()
  async function pendingCount(): Promise<number> {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow()
    return row.n
  }

  const handlers = new Map<string, JobHandler>()
  const failureHandlers = new Map<string, JobFailureHandler>()
  const events = new EventEmitter()
  events.setMaxListeners(0)
  const running = new Map<number, AbortController>()
  /** Every run in flight, finishing writes included: stop() waits for them before the database closes. */
  const active = new Set<Promise<void>>()
  let started = false
  let poll: NodeJS.Timeout | undefined
  let pumping: Promise<void> | undefined
  let pumpAgain = false

  /** Claims what it can; one pump at a time, and one more after it when asked meanwhile. */
  function schedule() {
    if (!started) return
    if (pumping) {
      pumpAgain = true
      return
    }
    pumping = pump()
      .catch((error) => logger.error({ err: error }, 'job queue could not claim'))
      .finally(() => {
        pumping = undefined
        if (pumpAgain) {
          pumpAgain = false
          schedule()
        }
      })
  }

  async function pump() {
    while (started && running.size < concurrency) {
      const job = await claim.next(db, clock.now(), leaseMs)
      if (!job) break
      const done = run(job).finally(() => active.delete(done))
      active.add(done)
    }
    if (started && running.size === 0 && (await pendingCount()) === 0) events.emit('idle')
  }

  async function run(job: JobRow) {
    const controller = new AbortController()
    running.set(job.id, controller)
    const handler = handlers.get(job.kind)
    events.emit('started', job.id)
    // Every claim counts an attempt, so `attempts` names this claim: a write that also matches it is
    // ours, and one that matches nothing means another worker has claimed the job since (this one
    // stalled past its lease). Such a worker stops its run and writes no outcome.
    let leaseLost = false
    const renew = setInterval(() => {
      db.updateTable('jobs')
        .set({ lease_until: clock.now() + leaseMs })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('attempts', '=', job.attempts)
        .executeTakeFirst()
        .then((result) => {
          if (Number(result.numUpdatedRows) > 0 || controller.signal.aborted) return
          leaseLost = true
          logger.warn({ jobId: job.id }, 'job lease lost to another worker: this run stops')
          controller.abort()
        })
        .catch((error) => logger.warn({ err: error, jobId: job.id }, 'job lease not renewed'))
    }, leaseMs / 3).unref()
    let state: 'done' | 'failed' = 'done'
    let error: string | null = null
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
      if (job.attempts > MAX_ATTEMPTS) throw new Error(`gave up after ${MAX_ATTEMPTS} attempts`)
      await handler(JSON.parse(job.payload), { id: job.id, attempt: job.attempts, signal: controller.signal })
    } catch (caught) {
      state = 'failed'
      error = caught instanceof Error ? caught.message : String(caught)
    }
    clearInterval(renew)
    running.delete(job.id)
    if (leaseLost) {
      events.emit('stopped', job.id)
      schedule()
      return
    }
    if (controller.signal.aborted) {
      // Stopped with the process: the row stays 'running' with its lease given up, so the next start
      // (of this process or another) runs it again.
      await db
        .updateTable('jobs')
        .set({ lease_until: 0 })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .execute()
        .catch((error) => logger.warn({ err: error, jobId: job.id }, 'job lease not given up'))
      events.emit('stopped', job.id)
      return
    }
    try {
      if (state === 'failed') {
        logger.error({ jobId: job.id, kind: job.kind, error }, 'job failed')
        try {
          await failureHandlers.get(job.kind)?.(JSON.parse(job.payload), error!)
        } catch (caught) {
          logger.error({ err: caught, jobId: job.id }, 'job failure handler failed')
        }
      }
      await db
        .updateTable('jobs')
        .set({ state, error, finished_at: clock.now(), lease_until: null })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .execute()
    } catch (caught) {
      // The row stays 'running': the next start runs the job again.
      logger.error({ err: caught, jobId: job.id }, 'job outcome could not be recorded')
    }
    events.emit('finished', job.id)
    schedule()
  }

  return {
    register(kind: string, handler: JobHandler, onFailed?: JobFailureHandler) {
      handlers.set(kind, handler)
      if (onFailed) failureHandlers.set(kind, onFailed)
    },

    /**
     * Adds a job and returns its id. Inside a transaction pass it as `trx` (the job commits with the
     * caller's rows) and call `wake()` once it has committed: a claim before the commit would not see it.
     */
    async enqueue(kind: string, payload: unknown, trx?: Kysely<Database>): Promise<number> {
      const { id } = await (trx ?? db)
        .insertInto('jobs')
        .values({ kind, payload: JSON.stringify(payload), created_at: clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (!trx) schedule()
      return id
    },

    /** Looks for queued jobs now (after a transaction that enqueued some has committed). */
    wake() {
      schedule()
    },

    async start() {
      if (started) return
      const requeued = await claim.recoverAtStart(db)
      if (requeued > 0) logger.info({ requeued }, 'jobs interrupted by the last stop run again')
      started = true
      poll = setInterval(schedule, deps.pollMs ?? POLL_MS).unref()
      schedule()
    },

    /** Stops claiming jobs and kills the running ones; they run again at the next start. */
    async stop() {
      started = false
      clearInterval(poll)
      await pumping
      for (const controller of running.values()) controller.abort()
      await Promise.all(active)
    },

    get(id: number): Promise<JobRow | undefined> {
      return byId(id)
    },

    /** Resolves when the job is done or failed (for tests and tools; nothing in a request waits). */
    waitFor(id: number): Promise<JobRow> {
      return new Promise((resolve, reject) => {
        let settled = false
        const check = () => {
          byId(id).then((job) => {
            if (settled || !job || (job.state !== 'done' && job.state !== 'failed')) return
            settled = true
            events.off('finished', check)
            resolve(job)
          }, reject)
        }
        events.on('finished', check)
        check()
      })
    },

    /** Resolves once nothing is queued or running. */
    whenIdle(): Promise<void> {
      return new Promise((resolve, reject) => {
        const onIdle = () => resolve()
        events.once('idle', onIdle)
        if (running.size > 0) return
        pendingCount().then((n) => {
          if (n > 0 || running.size > 0) return
          events.off('idle', onIdle)
          resolve()
        }, reject)
      })
    },

    /** 'started', 'finished' and 'stopped' (with the job id), and 'idle'. */
    events,
  }
}
