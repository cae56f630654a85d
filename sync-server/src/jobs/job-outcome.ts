/**
 * A failed run's outcome: queued again after the kind's backoff (the error kept) while attempts are
 * left and the error is not permanent; otherwise failed, and the kind's `onFailed` told once (only the
 * run that marked it failed tells it).
 */
import type { Logger } from 'pino'
import type { JobRow, JobsRepository } from '../repositories/jobs.repository.ts'
import { backoffDelay, PermanentJobError, type RegisteredJob } from './registry.ts'

export async function recordFailure(
  deps: { jobs: Pick<JobsRepository, 'retryLater' | 'markFailed'>; logger: Logger },
  job: JobRow,
  definition: RegisteredJob,
  payload: unknown,
  caught: unknown,
): Promise<void> {
  const { jobs, logger } = deps
  const message = caught instanceof Error ? caught.message : String(caught)
  const permanent = caught instanceof PermanentJobError
  if (!permanent && job.attempts < definition.maxAttempts) {
    const delayMs = backoffDelay(job.attempts, definition.backoff)
    logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, error: message, retryInMs: delayMs }, 'job failed: it runs again later')
    await jobs.retryLater(job, message, delayMs)
    return
  }
  logger.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed')
  if (!(await jobs.markFailed(job, message))) return
  if (definition.onFailed && payload !== undefined) {
    try {
      await definition.onFailed(payload, message)
    } catch (failure) {
      logger.error({ err: failure, jobId: job.id }, 'job failure handler failed')
    }
  }
}
