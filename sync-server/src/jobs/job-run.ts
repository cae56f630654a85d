/**
 * One claimed job's run (job-queue.ts claims it): the handler under a lease renewed every third of it,
 * then the outcome. A lease lost to another worker stops the run and writes nothing; a clean stop hands
 * the job back with its attempt given back; otherwise done, or the failure recorded (job-outcome.ts).
 */
import type { EventEmitter } from 'node:events'
import type { Logger } from 'pino'
import type { z } from 'zod'
import type { JobRow, JobsRepository } from '../repositories/jobs.repository.ts'
import { recordFailure } from './job-outcome.ts'
import { PermanentJobError, type JobRegistry } from './registry.ts'

export interface JobRunDeps {
  jobs: JobsRepository
  registry: JobRegistry<Record<string, z.ZodType>>
  logger: Logger
  leaseMs: number
  /** Told 'started', then 'finished' or 'stopped', with the job id. */
  events: EventEmitter
  /** The stop of each run in flight, by job id: it aborts the run as a clean stop. */
  running: Map<number, () => void>
  /** Called when the run has left a slot free and the queue may claim again. */
  claimMore: () => void
}

/** Runs the handler under the lease; answers how it ended, the lease renewal stopped. */
async function runUnderLease(job: JobRow, deps: JobRunDeps) {
  const { jobs, registry, logger, leaseMs } = deps
  const definition = registry.get(job.kind)!
  const controller = new AbortController()
  let leaseLost = false
  let stopping = false
  const renew = setInterval(() => {
    jobs
      .renewLease(job, leaseMs)
      .then((renewed) => {
        if (renewed || controller.signal.aborted) return
        leaseLost = true
        logger.warn({ jobId: job.id }, 'job lease lost to another worker: this run stops')
        controller.abort()
      })
      .catch((error) => logger.warn({ err: error, jobId: job.id }, 'job lease not renewed'))
  }, leaseMs / 3).unref()
  deps.running.set(job.id, () => {
    stopping = true
    controller.abort()
  })
  let error: unknown
  let failed = false
  let payload: unknown
  try {
    payload = registry.parse(job.kind, JSON.parse(job.payload))
    if (job.attempts > definition.maxAttempts) throw new PermanentJobError(`gave up after ${definition.maxAttempts} attempts`)
    await definition.handler(payload, { id: job.id, attempt: job.attempts, claim: job.claims, signal: controller.signal })
  } catch (caught) {
    failed = true
    error = caught
  }
  clearInterval(renew)
  deps.running.delete(job.id)
  return { definition, payload, failed, error, leaseLost, stopping }
}

export async function runJob(job: JobRow, deps: JobRunDeps): Promise<void> {
  const { jobs, logger, events } = deps
  events.emit('started', job.id)
  const { definition, payload, failed, error, leaseLost, stopping } = await runUnderLease(job, deps)
  if (leaseLost) {
    events.emit('stopped', job.id)
    deps.claimMore()
    return
  }
  if (failed && stopping) {
    // A clean stop: the job goes back to the queue with its attempt given back; another worker (or
    // this one's next start) takes it at once.
    await jobs.handBack(job).catch((caught) => logger.warn({ err: caught, jobId: job.id }, 'job not handed back: it runs again when its lease passes'))
    events.emit('stopped', job.id)
    return
  }
  try {
    if (!failed) await jobs.markDone(job)
    else await recordFailure({ jobs, logger }, job, definition, payload, error)
  } catch (caught) {
    // The row stays 'running': the job runs again when its lease passes.
    logger.error({ err: caught, jobId: job.id }, 'job outcome could not be recorded')
  }
  events.emit('finished', job.id)
  deps.claimMore()
}
