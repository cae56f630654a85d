/** Submissions, uploads, processing jobs, publishing and applications (issue 4). */
import type { AppJobQueue } from '../jobs/kinds.ts'
import type { MediaGrants } from '../media/grants.ts'
import type { CatalogueService } from '../services/catalogue.service.ts'
import { createContributorMail } from '../services/contributor-mail.ts'
import { createAdminSummaryService } from '../services/admin-summary.service.ts'
import type { GlossaryService } from '../services/glossary.service.ts'
import { createContributorApplicationsService } from '../services/contributor-applications.service.ts'
import { createProcessingService } from '../services/processing.service.ts'
import { createPublishingService } from '../services/publishing.service.ts'
import { createSubmissionsService } from '../services/submissions.service.ts'
import { createWaveformService } from '../services/waveform.service.ts'
import { createUploadsService } from '../services/uploads.service.ts'
import type { Repositories } from './repositories.ts'
import type { Shared } from './shared.ts'

export function createContributorsModule(
  { config, clock, logger, database, storage, locking, mailer }: Shared,
  repositories: Repositories,
  learning: { grants: MediaGrants; catalogue: CatalogueService },
  jobs: AppJobQueue,
  words?: { glossary: GlossaryService },
) {
  const { db } = database
  const mail = createContributorMail({ mailer, logger, users: repositories.users, appUrl: config.publicUrl ?? `http://localhost:${config.port}` })
  const publishing = createPublishingService({
    db,
    publishing: repositories.publishing,
    submissions: repositories.submissions,
    languages: repositories.languages,
    catalogue: learning.catalogue,
    clock,
    storage,
    mail,
    onPublished: words && ((trx, row) => words.glossary.publish(trx, row)),
  })
  const waveform = createWaveformService({ submissions: repositories.submissions, media: storage.media, jobs, logger })
  jobs.registry.define('make_waveform', {
    handler: ({ submissionId, mediaKey }, run) => waveform.make(submissionId, mediaKey, run.signal),
    onFailed: ({ submissionId, mediaKey }, error) => waveform.failed(submissionId, mediaKey, error),
    maxAttempts: 3,
    backoff: { baseMs: 30_000, maxMs: 10 * 60_000 },
  })
  const processing = createProcessingService({
    submissions: repositories.submissions,
    storage,
    logger,
    // Publishing after processing is a job of its own: it retries by itself, and a crash between the
    // two loses nothing (the processing job, run again, finds the submission ready and makes it again;
    // the unique key keeps it one job).
    // The waveform comes after: processing's follow-ups that make the video watchable go first (issue 41).
    onReady: async (submissionId, payload) => {
      if (payload.autoPublish) await jobs.enqueueOnce('publish_submission', { submissionId, ...payload.autoPublish }, `publish_submission@${submissionId}`)
      const mediaKey = (await repositories.submissions.findById(submissionId))?.media_key
      if (mediaKey) await waveform.enqueue(submissionId, mediaKey)
    },
  })
  jobs.registry.define('process_submission', {
    handler: (payload, run) => processing.run(payload, run.signal, run),
    onFailed: (payload, error) => processing.failed(payload, error),
    maxAttempts: 3,
    backoff: { baseMs: 60_000, maxMs: 30 * 60_000 },
  })
  jobs.registry.define('publish_submission', {
    handler: ({ submissionId, fields, access }) => publishing.publishOnce(submissionId, fields, access),
    // A few database writes that make a processed video watchable: ahead of the transcodes queued before it.
    first: true,
    maxAttempts: 5,
    backoff: { baseMs: 10_000, maxMs: 10 * 60_000 },
  })
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
      locking,
      submissions: repositories.submissions,
      jobs,
      clock,
      logger,
      store: storage.uploads,
      unfinished: { uploads: config.unfinishedUploadsPerContributor, bytes: config.unfinishedUploadBytesPerContributor, maxUploadBytes: config.maxUploadBytes },
    }),
    publishing,
    waveform,
    adminSummary: createAdminSummaryService({ submissions: repositories.submissions, applications: repositories.contributorApplications }),
    contributorApplications: createContributorApplicationsService({
      db,
      locking,
      applications: repositories.contributorApplications,
      clock,
      storage,
      perHour: { videos: config.applicationVideosPerHour, bytes: config.applicationVideoBytesPerHour },
      mail,
    }),
  }
  return { services }
}
