/** Waiting on the queue, for tests and tools (nothing in a request waits): one job's end, or the queue idle. */
import type { EventEmitter } from 'node:events'
import type { JobRow, JobsRepository } from '../repositories/jobs.repository.ts'

/** Resolves when the job is done or failed, or `until` says, checked at each run's end. */
export function waitForJob(
  deps: { jobs: Pick<JobsRepository, 'byId'>; events: EventEmitter },
  id: number,
  until: (job: JobRow) => boolean = (job) => job.state === 'done' || job.state === 'failed',
): Promise<JobRow> {
  const { jobs, events } = deps
  return new Promise((resolve, reject) => {
    let settled = false
    const check = () => {
      jobs.byId(id).then((job) => {
        if (settled || !job || !until(job)) return
        settled = true
        events.off('finished', check)
        events.off('stopped', check)
        resolve(job)
      }, reject)
    }
    events.on('finished', check)
    events.on('stopped', check)
    check()
  })
}

/** Resolves once nothing the queue runs is queued or running (a job waiting for its backoff counts as queued). */
export function whenQueueIdle(deps: { pendingCount: () => Promise<number>; runningCount: () => number; events: EventEmitter }): Promise<void> {
  const { events } = deps
  return new Promise((resolve, reject) => {
    const onIdle = () => resolve()
    events.once('idle', onIdle)
    if (deps.runningCount() > 0) return
    deps.pendingCount().then((n) => {
      if (n > 0 || deps.runningCount() > 0) return
      events.off('idle', onIdle)
      resolve()
    }, reject)
  })
}
