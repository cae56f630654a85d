/**
 * A durable job queue in SQLite. A job is a row: `queued` until a worker claims it, `running` while
 * it runs, then `done` or `failed`. Because the state is in the database, jobs survive a restart; a
 * job still `running` when the queue starts belonged to a process that stopped mid-way and is queued
 * again (handlers are written to be re-run from the start). One job runs at a time by default:
 * ffmpeg already uses every core.
 */
import { EventEmitter } from 'node:events'
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/connection.ts'

export interface JobRow {
  id: number
  kind: string
  payload: string
  state: 'queued' | 'running' | 'done' | 'failed'
  attempts: number
  error: string | null
  created_at: number
  started_at: number | null
  finished_at: number | null
}

export type JobHandler = (payload: unknown, job: { id: number; signal: AbortSignal }) => Promise<void>
/** Told when a job of its kind fails for good (an error, or too many attempts), to record why. */
export type JobFailureHandler = (payload: unknown, error: string) => void

/** A job re-run this many times (each start after a crash counts) is given up as failed. */
const MAX_ATTEMPTS = 3

export type JobQueue = ReturnType<typeof createJobQueue>

export function createJobQueue(deps: { db: Db; clock: Clock; logger: Logger; concurrency?: number }) {
  const { db, clock, logger } = deps
  const concurrency = deps.concurrency ?? 1
  const insert = db.prepare<[string, string, number]>('INSERT INTO jobs (kind, payload, created_at) VALUES (?, ?, ?)')
  const claim = db.prepare<[number], JobRow>(
    `UPDATE jobs SET state = 'running', started_at = ?, attempts = attempts + 1
      WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY id LIMIT 1) RETURNING *`,
  )
  const finish = db.prepare<[string, string | null, number, number]>(
    'UPDATE jobs SET state = ?, error = ?, finished_at = ? WHERE id = ?',
  )
  const requeueRunning = db.prepare("UPDATE jobs SET state = 'queued' WHERE state = 'running'")
  const byId = db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE id = ?')
  const pendingCount = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM jobs WHERE state IN ('queued', 'running')")

  const handlers = new Map<string, JobHandler>()
  const failureHandlers = new Map<string, JobFailureHandler>()
  const events = new EventEmitter()
  events.setMaxListeners(0)
  const running = new Map<number, AbortController>()
  let started = false
  let scheduled = false

  function schedule() {
    if (!started || scheduled) return
    scheduled = true
    // After the current transaction and request have finished: enqueue may run inside a transaction.
    setImmediate(() => {
      scheduled = false
      pump()
    })
  }

  function pump() {
    if (!started) return // stopped (and perhaps closed) since this was scheduled
    while (running.size < concurrency) {
      const job = claim.get(clock.now())
      if (!job) break
      void run(job)
    }
    if (running.size === 0 && pendingCount.get()!.n === 0) events.emit('idle')
  }

  async function run(job: JobRow) {
    const controller = new AbortController()
    running.set(job.id, controller)
    const handler = handlers.get(job.kind)
    events.emit('started', job.id)
    let state: 'done' | 'failed' = 'done'
    let error: string | null = null
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
      if (job.attempts > MAX_ATTEMPTS) throw new Error(`gave up after ${MAX_ATTEMPTS} attempts`)
      await handler(JSON.parse(job.payload), { id: job.id, signal: controller.signal })
    } catch (caught) {
      state = 'failed'
      error = caught instanceof Error ? caught.message : String(caught)
    }
    running.delete(job.id)
    if (controller.signal.aborted) {
      // Stopped with the process: the row stays 'running' and the next start runs it again.
      events.emit('stopped', job.id)
      return
    }
    if (state === 'failed') {
      logger.error({ jobId: job.id, kind: job.kind, error }, 'job failed')
      try {
        failureHandlers.get(job.kind)?.(JSON.parse(job.payload), error!)
      } catch (caught) {
        logger.error({ err: caught, jobId: job.id }, 'job failure handler failed')
      }
    }
    finish.run(state, error, clock.now(), job.id)
    events.emit('finished', job.id)
    schedule()
  }

  return {
    register(kind: string, handler: JobHandler, onFailed?: JobFailureHandler) {
      handlers.set(kind, handler)
      if (onFailed) failureHandlers.set(kind, onFailed)
    },

    /** Adds a job (synchronous, so it can share the caller's transaction) and returns its id. */
    enqueue(kind: string, payload: unknown): number {
      const id = Number(insert.run(kind, JSON.stringify(payload), clock.now()).lastInsertRowid)
      schedule()
      return id
    },

    start() {
      if (started) return
      const requeued = requeueRunning.run().changes
      if (requeued > 0) logger.info({ requeued }, 'jobs interrupted by the last stop run again')
      started = true
      schedule()
    },

    /** Stops claiming jobs and kills the running ones; they run again at the next start. */
    async stop() {
      started = false
      const stopping = [...running.keys()].map((id) => new Promise((resolve) => {
        const onStopped = (stoppedId: number) => {
          if (stoppedId !== id) return
          events.off('stopped', onStopped)
          resolve(undefined)
        }
        events.on('stopped', onStopped)
      }))
      for (const controller of running.values()) controller.abort()
      await Promise.all(stopping)
    },

    get(id: number): JobRow | undefined {
      return byId.get(id)
    },

    /** Resolves when the job is done or failed (for tests and tools; nothing in a request waits). */
    waitFor(id: number): Promise<JobRow> {
      return new Promise((resolve) => {
        const check = () => {
          const job = byId.get(id)
          if (job && (job.state === 'done' || job.state === 'failed')) {
            events.off('finished', check)
            resolve(job)
          }
        }
        events.on('finished', check)
        check()
      })
    },

    /** Resolves once nothing is queued or running. */
    whenIdle(): Promise<void> {
      return new Promise((resolve) => {
        if (running.size === 0 && pendingCount.get()!.n === 0) return resolve()
        events.once('idle', () => resolve())
      })
    },

    /** 'started', 'finished' and 'stopped' (with the job id), and 'idle'. */
    events,
  }
}
