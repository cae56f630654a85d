/** Submissions, uploads, processing jobs, publishing and applications (issue 4). */
import { createJobQueue } from '../jobs/job-queue.ts'
import type { MediaGrants } from '../media/grants.ts'
import type { CatalogueService } from '../services/catalogue.service.ts'
import { createContributorApplicationsService } from '../services/contributor-applications.service.ts'
import { createProcessingService, type ProcessSubmissionPayload } from '../services/processing.service.ts'
import { createPublishingService } from '../services/publishing.service.ts'
import { createSubmissionsService } from '../services/submissions.service.ts'
import { createUploadsService, PROCESS_SUBMISSION_JOB } from '../services/uploads.service.ts'
import type { Repositories } from './repositories.ts'
import type { Shared } from './shared.ts'

export function createContributorsModule(
  { config, clock, logger, database, storage }: Shared,
  repositories: Repositories,
  learning: { grants: MediaGrants; catalogue: CatalogueService },
) {
  const { db, engine } = database
  const jobs = createJobQueue({ db, engine, clock, logger, concurrency: Math.max(1, config.workers), leaseMs: config.jobLeaseMs })
  const publishing = createPublishingService({
    db,
    publishing: repositories.publishing,
    submissions: repositories.submissions,
    languages: repositories.languages,
    catalogue: learning.catalogue,
    clock,
    storage,
  })
  const processing = createProcessingService({
    submissions: repositories.submissions,
    storage,
    logger,
    onReady: async (submissionId, payload) => {
      if (payload.autoPublish) await publishing.publishAs(submissionId, payload.autoPublish.fields, payload.autoPublish.access)
    },
  })
  jobs.register(
    PROCESS_SUBMISSION_JOB,
    (payload, job) => processing.run(payload as ProcessSubmissionPayload, job.signal, job),
    (payload) => processing.failed(payload as ProcessSubmissionPayload),
  )
  const services = {
    submissions: createSubmissionsService({
      submissions: repositories.submissions,
      captions: repositories.captions,
      languages: repositories.languages,
      grants: learning.grants,
      clock,
      storage,
    }),
    uploads: createUploadsService({
      db,
      submissions: repositories.submissions,
      jobs,
      clock,
      logger,
      store: storage.uploads,
      unfinished: { uploads: config.unfinishedUploadsPerContributor, bytes: config.unfinishedUploadBytesPerContributor, maxUploadBytes: config.maxUploadBytes },
    }),
    publishing,
    contributorApplications: createContributorApplicationsService({
      db,
      applications: repositories.contributorApplications,
      clock,
      storage,
      perHour: { videos: config.applicationVideosPerHour, bytes: config.applicationVideoBytesPerHour },
    }),
  }
  return { jobs, services }
}
