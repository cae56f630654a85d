/**
 * The job queue (issue 34): the registry of kinds, the queue over the jobs table, the periodic
 * sweeps that replaced each process's own timers, and the admin view. The queue is made before the
 * other modules (contributors enqueue and register into it); the sweeps are defined once every
 * service they call exists, and the registry is checked at the end of the context: a kind with no
 * handler, or two, stops the process before it starts.
 */
import { createJobQueue } from '../jobs/job-queue.ts'
import { jobPayloads, type AppJobQueue } from '../jobs/kinds.ts'
import { createJobRegistry } from '../jobs/registry.ts'
import { createJobsRepository } from '../repositories/jobs.repository.ts'
import { createAdminJobsService } from '../services/admin-jobs.service.ts'
import type { AuthService } from '../services/auth.service.ts'
import type { BillingService } from '../services/billing.service.ts'
import type { UploadsService } from '../services/uploads.service.ts'
import { removeOrphanMedia } from '../storage/orphan-media.ts'
import type { Repositories } from './repositories.ts'
import type { Shared } from './shared.ts'

/** How often the upload sweep runs, cluster-wide. */
const SWEEP_EVERY_MS = 15 * 60_000
const HOUR_MS = 60 * 60_000
/** Done jobs are kept this long (the admin view lists queued, running and failed ones only). */
const KEEP_DONE_JOBS_MS = 7 * 24 * HOUR_MS

export function createJobsModule({ config, database, logger }: Shared) {
  const repository = createJobsRepository(database.db, database.engine)
  const registry = createJobRegistry(jobPayloads)
  const queue: AppJobQueue = createJobQueue({ jobs: repository, registry, logger, concurrency: Math.max(1, config.workers), leaseMs: config.jobLeaseMs })
  return { queue, adminJobs: createAdminJobsService({ jobs: repository, queue }), repository }
}

/** The sweeps, once per period for the whole cluster, each retried on an error like any job. */
export function definePeriodicJobs(
  { database, storage, clock, logger }: Shared,
  jobs: ReturnType<typeof createJobsModule>,
  services: { uploads: UploadsService; auth: AuthService; billing: BillingService },
  repositories: Repositories,
) {
  const backoff = { baseMs: 30_000, maxMs: 5 * 60_000 }
  jobs.queue.registry.define('sweep_uploads', {
    everyMs: SWEEP_EVERY_MS,
    maxAttempts: 3,
    backoff,
    handler: async () => {
      // First: an upload whose process died before finishing it is not silent but done (on S3 the bucket
      // would abort its multipart upload after two days, and the expiry would remove it after one).
      await services.uploads.finishStored()
      const expired = await services.uploads.expireSilent()
      const removed = await removeOrphanMedia({ db: database.db, media: storage.media, now: clock.now() })
      if (expired || removed) logger.info({ expired, removed }, 'silent uploads expired and ladders no video points at removed')
    },
  })
  jobs.queue.registry.define('hourly_pruning', {
    everyMs: HOUR_MS,
    maxAttempts: 3,
    backoff,
    handler: async () => {
      await services.auth.pruneCodes()
      await repositories.rateLimits.pruneEnded(clock.now())
      await services.billing.expireLapsed()
      await jobs.repository.pruneDone(KEEP_DONE_JOBS_MS)
    },
  })
}
