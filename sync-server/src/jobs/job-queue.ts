/**
 * A durable job queue in the database. A job is a row: `queued` until a worker claims it, `running`
 * while it runs, then `done` or `failed`. Because the state is in the database, jobs survive a restart
 * and any process sharing the database may run them (handlers are written to be re-run from the start).
 *
 * - Kinds are typed (jobs/kinds.ts, jobs/registry.ts): a payload is checked against its kind's schema
 *   when enqueued and when run; the registry must have one handler per kind before the queue starts.
 *   A queue claims only the kinds it has handlers for.
 * - An error puts the job back in the queue with `run_after` pushed out by an exponential backoff with
 *   jitter, capped, and the error kept; once its attempts are spent it is `failed` with that error, and
 *   its kind's `onFailed` is told. A PermanentJobError (a payload that does not fit) fails it at once.
 * - The worker holds a running job under a lease it renews while the job runs. Leases and `run_after`
 *   are on the database's clock (db/dialect/job-claim.ts), so processes never compare their own clocks.
 *   A worker that died loses its lease, and another worker takes the job over (that attempt counts: the
 *   job may be what killed it). A clean stop (SIGTERM) aborts the run and hands the job back at once
 *   without spending an attempt.
 * - Every claim is numbered (`claims`): the lease renewal and the outcome are written only while the
 *   row still carries this run's number, so a worker that stalled past its lease stops and writes nothing.
 * - Periodic jobs (a kind with `everyMs`) are enqueued by every started queue under a unique key naming
 *   the period on the database's clock: two processes make one row, and one of them runs it.
 * One job runs at a time by default: ffmpeg already uses every core.
 *
 * This file claims and answers the queue's callers; one run is job-run.ts (its outcome job-outcome.ts),
 * the periodic rows periodic-jobs.ts, the waits for tests job-waits.ts.
 */
import { EventEmitter } from 'node:events'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { z } from 'zod'
import type { Database } from '../db/schema.ts'
import type { JobRow, JobsRepository } from '../repositories/jobs.repository.ts'
import { runJob } from './job-run.ts'
import { waitForJob, whenQueueIdle } from './job-waits.ts'
import { createPeriodicJobs } from './periodic-jobs.ts'
import type { JobRegistry } from './registry.ts'

export type { JobRow }

/** How often a started queue looks for jobs nobody told it about (another process enqueued them, a backoff passed). */
const POLL_MS = 2_000
/** How long a claim holds a job; renewed every third of it while the job runs. */
const LEASE_MS = 60_000
/** How often a started queue makes sure the current period's periodic jobs exist. */
const PERIODIC_CHECK_MS = 60_000

export type JobQueue<Payloads extends Record<string, z.ZodType> = Record<string, z.ZodType>> = ReturnType<typeof createJobQueue<Payloads>>

export function createJobQueue<Payloads extends Record<string, z.ZodType>>(deps: {
  jobs: JobsRepository
  registry: JobRegistry<Payloads>
  logger: Logger
  concurrency?: number
  pollMs?: number
  leaseMs?: number
  periodicCheckMs?: number
}) {
  type Kind = keyof Payloads & string
  const { jobs, registry, logger } = deps
  const concurrency = deps.concurrency ?? 1

  const events = new EventEmitter()
  events.setMaxListeners(0)
  /** The stop of each run in flight: it aborts the run as a clean stop (the job is handed back). */
  const running = new Map<number, () => void>()
  /** Every run in flight, finishing writes included: stop() waits for them before the database closes. */
  const active = new Set<Promise<void>>()
  let started = false
  let poll: NodeJS.Timeout | undefined
  let periodicTimer: NodeJS.Timeout | undefined
  let pumping: Promise<void> | undefined
  let pumpAgain = false
  const runDeps = { jobs, registry, logger, leaseMs: deps.leaseMs ?? LEASE_MS, events, running, claimMore: schedule }
  const periodic = createPeriodicJobs({ jobs, registry, logger, made: schedule })
  const checkPeriodic = () => (started ? periodic.check() : Promise.resolve([]))
  /** The periodic jobs this queue made when it started (tests wait for them to run). */
  let firstPeriodic: Promise<number[]> = Promise.resolve([])

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
      const first = registry.firstKinds()
      const job = (first.length > 0 ? await jobs.claimNext(runDeps.leaseMs, first) : undefined) ?? (await jobs.claimNext(runDeps.leaseMs, registry.kinds()))
      if (!job) break
      const done = runJob(job, runDeps).finally(() => active.delete(done))
      active.add(done)
    }
    if (started && running.size === 0 && (await jobs.pendingCount(registry.kinds())) === 0) events.emit('idle')
  }

  const waitFor = (id: number, until?: (job: JobRow) => boolean) => waitForJob({ jobs, events }, id, until)

  return {
    registry,

    /**
     * Adds a job and returns its id. Inside a transaction pass it as `trx` (the job commits with the
     * caller's rows) and call `wake()` once it has committed: a claim before the commit would not see it.
     */
    async enqueue<K extends Kind>(kind: K, payload: z.input<Payloads[K]>, options: { trx?: Kysely<Database> } = {}): Promise<number> {
      registry.parse(kind, payload)
      const id = await jobs.insert({ kind, payload: JSON.stringify(payload) }, options.trx)
      if (!options.trx) schedule()
      return id!
    },

    /** As enqueue, once per `uniqueKey` across the cluster: undefined when a job was already made under it. */
    async enqueueOnce<K extends Kind>(kind: K, payload: z.input<Payloads[K]>, uniqueKey: string): Promise<number | undefined> {
      registry.parse(kind, payload)
      const id = await jobs.insert({ kind, payload: JSON.stringify(payload), uniqueKey })
      if (id !== undefined) schedule()
      return id
    },

    /** Looks for queued jobs now (after a transaction that enqueued some has committed). */
    wake() {
      schedule()
    },

    async start() {
      if (started) return
      registry.check()
      started = true
      poll = setInterval(schedule, deps.pollMs ?? POLL_MS).unref()
      periodicTimer = setInterval(checkPeriodic, deps.periodicCheckMs ?? PERIODIC_CHECK_MS).unref()
      firstPeriodic = checkPeriodic()
      schedule()
    },

    /**
     * Resolves once the periodic jobs this queue made at its start have had their first attempt (test
     * servers wait, so no sweep runs mid-test on a clock the test moved).
     */
    async startedPeriodicDone(): Promise<void> {
      const ids = await firstPeriodic
      await Promise.all(ids.map((id) => waitFor(id, (job) => job.state !== 'running' && job.attempts > 0)))
    },

    /** Stops claiming jobs and stops the running ones, which are handed back to the queue (no attempt spent). */
    async stop() {
      started = false
      clearInterval(poll)
      clearInterval(periodicTimer)
      await periodic.settled()
      await pumping
      for (const stopRun of running.values()) stopRun()
      await Promise.all(active)
    },

    get(id: number): Promise<JobRow | undefined> {
      return jobs.byId(id)
    },

    waitFor,

    /** Resolves once nothing this queue runs is queued or running (a job waiting for its backoff counts as queued). */
    whenIdle(): Promise<void> {
      return whenQueueIdle({ pendingCount: () => jobs.pendingCount(registry.kinds()), runningCount: () => running.size, events })
    },

    /** 'started', 'finished' and 'stopped' (with the job id), and 'idle'. */
    events,
  }
}
