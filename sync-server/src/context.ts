/**
 * Everything the app needs, built once from the config: database (migrated), secret, mailer,
 * repositories and services. Tests build one on a temp DATA_DIR and may pass their own clock.
 */
import fs from 'node:fs'
import type { Logger } from 'pino'
import type { Config } from './config.ts'
import { systemClock, type Clock } from './clock.ts'
import type { Db } from './db/connection.ts'
import { textSearchFor } from './db/dialect/text-search.ts'
import { openEngine, type Engine } from './db/engine.ts'
import { hotPathReadsFor } from './db/dialect/hot-path.ts'
import { migrate } from './db/migrate.ts'
import { createLogger } from './logger.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import { createDailyGoalsRepository } from './repositories/daily-goals.repository.ts'
import { createDailyTotalsRepository } from './repositories/daily-totals.repository.ts'
import { createFeedbackRepository } from './repositories/feedback.repository.ts'
import { createLanguagesRepository } from './repositories/languages.repository.ts'
import { createOtpCodesRepository } from './repositories/otp-codes.repository.ts'
import { createSessionsRepository } from './repositories/sessions.repository.ts'
import { createUsersRepository } from './repositories/users.repository.ts'
import { createWaitlistRepository } from './repositories/waitlist.repository.ts'
import { createRateLimitsRepository } from './repositories/rate-limits.repository.ts'
import { loadAppSecret } from './security/app-secret.ts'
import { createMediaGrants } from './media/grants.ts'
import { createPlaylistAccess } from './media/playlist-access.ts'
import { createMediaAccessRepository } from './repositories/media-access.repository.ts'
import { createCatalogueRepository } from './repositories/catalogue.repository.ts'
import { createCaptionsRepository, type CaptionsRepository } from './repositories/captions.repository.ts'
import { createCaptionsService } from './services/captions.service.ts'
import { createCaptionParser } from './captions/parse-off-thread.ts'
import { createCommentsRepository } from './repositories/comments.repository.ts'
import { createVideoProgressRepository } from './repositories/video-progress.repository.ts'
import { createOutsideHoursRepository } from './repositories/outside-hours.repository.ts'
import { createOutsideHoursService } from './services/outside-hours.service.ts'
import { createWatchEventsIngest } from './watch-ingest/ingest.ts'
import { lockingFor } from './db/dialect/locking.ts'
import { waitForPostgres } from './db/wait-for-database.ts'
import { uploadLockerFor, type UploadLocker } from './db/dialect/upload-locker.ts'
import { type CatalogueService, createCatalogueService } from './services/catalogue.service.ts'
import { createAccountExportRepository } from './repositories/account-export.repository.ts'
import { createAccountDeletionCodesRepository } from './repositories/account-deletion-codes.repository.ts'
import { createAccountDeletionRepository } from './repositories/account-deletion.repository.ts'
import { createAccountDeletionService } from './services/account-deletion.service.ts'
import { createAccountExportService } from './services/account-export.service.ts'
import { createDevicesService } from './services/devices.service.ts'
import { createCommentsService } from './services/comments.service.ts'
import { createProgressService } from './services/progress.service.ts'
import { createRatingsRepository } from './repositories/ratings.repository.ts'
import { createLearnerCompassRepository } from './repositories/learner-compass.repository.ts'
import { createRatingsService } from './services/ratings.service.ts'
import { createUpNextService } from './services/up-next.service.ts'
import Stripe from 'stripe'
import { createLocalProvider } from './billing/local-provider.ts'
import { createStripeProvider } from './billing/stripe-provider.ts'
import { createStripeWebhook } from './billing/stripe-webhook.ts'
import { createAdminFeedbackRepository } from './repositories/admin-feedback.repository.ts'
import { createAdminUsersRepository } from './repositories/admin-users.repository.ts'
import { createAdminVideosRepository } from './repositories/admin-videos.repository.ts'
import { createBillingRepository } from './repositories/billing.repository.ts'
import { createAdminFeedbackService } from './services/admin-feedback.service.ts'
import { createAdminUsersService } from './services/admin-users.service.ts'
import { createAdminVideosService } from './services/admin-videos.service.ts'
import { createBillingService } from './services/billing.service.ts'
import { createAuthService } from './services/auth.service.ts'
import { createFeedbackService } from './services/feedback.service.ts'
import { createUsersService } from './services/users.service.ts'
import { createWaitlistService } from './services/waitlist.service.ts'
import { createJobQueue } from './jobs/job-queue.ts'
import type { MediaGrants } from './media/grants.ts'
import type { LanguagesRepository } from './repositories/languages.repository.ts'
import type { UsersRepository } from './repositories/users.repository.ts'
import { createContributorApplicationsRepository, type ContributorApplicationsRepository } from './repositories/contributor-applications.repository.ts'
import { createPublishingRepository, type PublishingRepository } from './repositories/publishing.repository.ts'
import { createSubmissionsRepository, type SubmissionsRepository } from './repositories/submissions.repository.ts'
import { createContributorApplicationsService } from './services/contributor-applications.service.ts'
import { createProcessingService, type ProcessSubmissionPayload } from './services/processing.service.ts'
import { createPublishingService } from './services/publishing.service.ts'
import { createSubmissionsService } from './services/submissions.service.ts'
import { createUploadsService, PROCESS_SUBMISSION_JOB } from './services/uploads.service.ts'
import { createStores, type Stores } from './storage/stores.ts'

const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

export interface ContextOptions {
  clock?: Clock
  logger?: Logger
  mailer?: Mailer
}

/** Opens the database (SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL), migrates it, builds the rest. */
export async function createContext(config: Config, options: ContextOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel)
  const database = await openEngine({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    if (database.pool) await waitForPostgres(database.pool, { url: config.databaseUrl!, waitMs: config.databaseConnectMs, logger })
    const applied = await migrate(database)
    if (applied.length > 0) logger.info({ applied, database: database.engine }, 'database migrated')
    const storage = createStores(config.storage, config.dataDir)
    await storage.prepare(logger)
    return assembleContext(config, { ...options, logger }, database, storage)
  } catch (error) {
    await database.close()
    throw error
  }
}

function assembleContext(config: Config, options: ContextOptions & { logger: Logger }, database: Engine, storage: Stores) {
  const clock = options.clock ?? systemClock
  const logger = options.logger
  const sqliteHandle = database.sqlite
  const secret = loadAppSecret(config.dataDir, config.appSecret)
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger })

  const hotPath = hotPathReadsFor(database)
  const search = textSearchFor(database.engine)
  const repositories = {
    users: createUsersRepository(database.db),
    sessions: createSessionsRepository(database.db, hotPath, lockingFor(database.engine)),
    otpCodes: createOtpCodesRepository(database.db, lockingFor(database.engine)),
    languages: createLanguagesRepository(database.db),
    dailyTotals: createDailyTotalsRepository(database.db, hotPath),
    dailyGoals: createDailyGoalsRepository(database.db),
    feedback: createFeedbackRepository(database.db, lockingFor(database.engine)),
    waitlist: createWaitlistRepository(database.db),
    rateLimits: createRateLimitsRepository(database.db),
    catalogue: createCatalogueRepository(database.db, search),
    captions: createCaptionsRepository(database.db, search),
    videoProgress: createVideoProgressRepository(database.db),
    comments: createCommentsRepository(database.db, lockingFor(database.engine)),
    outsideHours: createOutsideHoursRepository(database.db, lockingFor(database.engine)),
    ratings: createRatingsRepository(database.db),
    learnerCompass: createLearnerCompassRepository(database.db),
    adminVideos: createAdminVideosRepository(database.db, search),
    adminUsers: createAdminUsersRepository(database.db, search),
    adminFeedback: createAdminFeedbackRepository(database.db, search),
    billing: createBillingRepository(database.db),
    submissions: createSubmissionsRepository(database.db, lockingFor(database.engine)),
    publishing: createPublishingRepository(database.db),
    contributorApplications: createContributorApplicationsRepository(database.db),
  }
  const services = {
    auth: createAuthService({
      users: repositories.users,
      sessions: repositories.sessions,
      otpCodes: repositories.otpCodes,
      mailer,
      clock,
      secret,
      adminEmails: config.adminEmails,
      sendsPerAddressIpPerHour: config.otpSendsPerAddressIpPerHour,
      sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
      sendsPerIpPerHour: config.otpSendsPerIpPerHour,
      isAcceptedContributor: (email) => repositories.contributorApplications.isAcceptedEmail(email),
    }),
    users: createUsersService({
      db: database.db,
      locking: lockingFor(database.engine),
      users: repositories.users,
      dailyTotals: repositories.dailyTotals,
      clock,
    }),
    feedback: createFeedbackService({ feedback: repositories.feedback, clock }),
    waitlist: createWaitlistService({ waitlist: repositories.waitlist, clock }),
    mediaGrants: createMediaGrants({ secret, clock }),
    playlistAccess: createPlaylistAccess({ access: createMediaAccessRepository(database.db), clock }),
    // SQLite: the ingest runs on a thread of its own, on its own connection; PostgreSQL: over the pool.
    watchEvents: createWatchEventsIngest(database, { dataDir: config.dataDir, previewSeconds: config.previewSeconds, clock, logger }),
    comments: createCommentsService({ comments: repositories.comments, catalogue: repositories.catalogue, clock }),
    outsideHours: createOutsideHoursService({ outsideHours: repositories.outsideHours, clock }),
    ratings: createRatingsService({ db: database.db, locking: lockingFor(database.engine), clock }),
    devices: createDevicesService({ sessions: repositories.sessions, clock }),
  }
  const accountServices = {
    accountExport: createAccountExportService({ exports: createAccountExportRepository(database.db), users: services.users, clock }),
  }
  const catalogueService = createCatalogueService({
    catalogue: repositories.catalogue,
    captions: repositories.captions,
    languages: repositories.languages,
    videoProgress: repositories.videoProgress,
    ratings: repositories.ratings,
    grants: services.mediaGrants,
    previewSeconds: config.previewSeconds,
    inputSecondsOf: async (userId, languageCode) =>
      (await repositories.videoProgress.watchSecondsInLanguage(userId, languageCode)) + (await repositories.outsideHours.totalMinutes(userId)) * 60,
  })
  const captionParser = createCaptionParser()
  const learnerServices = {
    catalogue: catalogueService,
    captions: createCaptionsService({
      db: database.db,
      search,
      captions: repositories.captions,
      submissions: repositories.submissions,
      catalogue: repositories.catalogue,
      grants: services.mediaGrants,
      playlistAccess: services.playlistAccess,
      previewSeconds: config.previewSeconds,
      clock,
      parse: captionParser.parse,
    }),
    progress: createProgressService({
      clock,
      dailyTotals: repositories.dailyTotals,
      dailyGoals: repositories.dailyGoals,
      videoProgress: repositories.videoProgress,
      catalogue: repositories.catalogue,
      catalogueService,
      languages: repositories.languages,
      outsideHours: repositories.outsideHours,
      compass: repositories.learnerCompass,
    }),
    upNext: createUpNextService({
      catalogue: repositories.catalogue,
      catalogueService,
      languages: repositories.languages,
      compass: repositories.learnerCompass,
      ratings: repositories.ratings,
      videoProgress: repositories.videoProgress,
      outsideHours: repositories.outsideHours,
    }),
  }
  const admin = createAdminAndBilling({ config, clock, database, repositories, usersService: services.users, storage })
  const accountDeletion = createAccountDeletionService({
    codes: createAccountDeletionCodesRepository(database.db, lockingFor(database.engine)),
    deletion: createAccountDeletionRepository(database.db, lockingFor(database.engine)),
    billing: admin.services.billing,
    ratings: services.ratings,
    mailer,
    clock,
    secret,
    storage,
    logger,
  })
  const contributor = createContributorServices({
    config,
    storage,
    clock,
    logger,
    database,
    repositories,
    grants: services.mediaGrants,
    catalogue: catalogueService,
  })
  // Made on first use: only a process that serves tus needs it (on PostgreSQL it opens connections).
  let uploadLocker: UploadLocker | undefined
  return {
    config,
    clock,
    logger,
    /** tus's upload locks: in memory on SQLite, PostgreSQL advisory locks shared by every process. */
    get uploadLocker() {
      uploadLocker ??= uploadLockerFor(database.engine, config.databaseUrl)
      return uploadLocker.locker
    },
    /** The engine and its Kysely instance: `database.engine` is 'sqlite' or 'postgres'. */
    database,
    /** Where stored files live: DATA_DIR or the bucket (storage/stores.ts). */
    storage,
    /**
     * SQLite only: the better-sqlite3 handle under the query layer, for SQLite-only tests and benches.
     * Everything else goes through `database.db`; on PostgreSQL no SQLite file is opened at all.
     */
    get db(): Db {
      if (!sqliteHandle) throw new Error('ctx.db is the SQLite handle, and this context runs on PostgreSQL: use ctx.database.db')
      return sqliteHandle
    },
    secret,
    mailer,
    repositories,
    services: { ...services, ...accountServices, accountDeletion, ...learnerServices, ...contributor.services, ...admin.services },
    stripeWebhook: admin.stripeWebhook,
    jobs: contributor.jobs,
    version: packageJson.version,
    /** Finishes the ingest thread's batches in flight, then closes the database. */
    async close() {
      await services.watchEvents.close()
      await captionParser.close()
      await uploadLocker?.close()
      await database.close()
    },
  }
}

/** Submissions, uploads, processing jobs, publishing and applications (issue 4). */
function createContributorServices(deps: {
  config: Config
  storage: Stores
  clock: Clock
  logger: Logger
  database: Engine
  repositories: {
    submissions: SubmissionsRepository
    publishing: PublishingRepository
    contributorApplications: ContributorApplicationsRepository
    languages: LanguagesRepository
    users: UsersRepository
    captions: CaptionsRepository
  }
  grants: MediaGrants
  catalogue: CatalogueService
}) {
  const { config, clock, logger, repositories } = deps
  const { db, engine } = deps.database
  const { storage } = deps
  const jobs = createJobQueue({ db, engine, clock, logger, concurrency: Math.max(1, config.workers), leaseMs: config.jobLeaseMs })
  const publishing = createPublishingService({
    db,
    publishing: repositories.publishing,
    submissions: repositories.submissions,
    languages: repositories.languages,
    catalogue: deps.catalogue,
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
      grants: deps.grants,
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

export type AppContext = ReturnType<typeof assembleContext>

/** Stripe's own API unless STRIPE_API_URL names another (stripe-mock, a test's stand-in). */
function stripeApiAt(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol }
}

/** Admin pages and billing (issue 7). Stripe when configured; else, outside production, the local provider. */
function createAdminAndBilling(deps: {
  config: Config
  clock: Clock
  database: Engine
  repositories: {
    adminVideos: ReturnType<typeof createAdminVideosRepository>
    adminUsers: ReturnType<typeof createAdminUsersRepository>
    adminFeedback: ReturnType<typeof createAdminFeedbackRepository>
    billing: ReturnType<typeof createBillingRepository>
    users: ReturnType<typeof createUsersRepository>
  }
  usersService: ReturnType<typeof createUsersService>
  storage: Stores
}) {
  const { config, clock, database, repositories } = deps
  const stripe = config.stripe.secretKey ? new Stripe(config.stripe.secretKey, stripeApiAt(config.stripe.apiUrl)) : undefined
  const provider = stripe
    ? createStripeProvider({
        stripe,
        prices: { month: config.stripe.priceMonth, year: config.stripe.priceYear },
        publicUrl: config.publicUrl!.replace(/\/$/, ''),
        billing: repositories.billing,
        clock,
      })
    : config.isProduction
      ? undefined
      : createLocalProvider({ db: database.db, billing: repositories.billing, clock })
  const stripeWebhook =
    stripe && config.stripe.webhookSecret
      ? createStripeWebhook({ stripe, secret: config.stripe.webhookSecret, db: database.db, clock })
      : undefined
  return {
    stripeWebhook,
    services: {
      adminVideos: createAdminVideosService({ videos: repositories.adminVideos, storage: deps.storage }),
      adminUsers: createAdminUsersService({ db: deps.database.db, search: textSearchFor(deps.database.engine) }),
      adminFeedback: createAdminFeedbackService({ feedback: repositories.adminFeedback, clock }),
      billing: createBillingService({ db: database.db, provider, billing: repositories.billing, users: repositories.users, usersService: deps.usersService, clock }),
    },
  }
}
