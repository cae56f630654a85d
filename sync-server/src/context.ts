/**
 * Everything the app needs, built once from the config: the database (migrated), the secret, the mailer,
 * then one constructor per module (wiring/): the repositories, people (sign-in, the user, devices),
 * learning (catalogue, captions, watch ingest, ratings, progress), admin and billing, the account
 * (export, deletion) and contributors (submissions, uploads, jobs, publishing). Tests build one on a temp
 * DATA_DIR and may pass their own clock.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import type { Config } from './config.ts'
import { systemClock, type Clock } from './clock.ts'
import { CODE_ROOT } from './code-root.ts'
import type { Db } from './db/connection.ts'
import { hotPathReadsFor } from './db/dialect/hot-path.ts'
import { lockingFor } from './db/dialect/locking.ts'
import { textSearchFor } from './db/dialect/text-search.ts'
import { uploadLockerFor, type UploadLocker } from './db/dialect/upload-locker.ts'
import { openEngine, type Engine } from './db/engine.ts'
import { migrate, readMigrations } from './db/migrate.ts'
import { waitForPostgres } from './db/wait-for-database.ts'
import { createLogger } from './logger.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import { createMetrics } from './metrics/metrics.ts'
import { createJobsRepository } from './repositories/jobs.repository.ts'
import { createAccountModule } from './wiring/account.ts'
import { createAdminBillingModule } from './wiring/admin-billing.ts'
import { createCardsModule } from './wiring/cards.ts'
import { createContributorsModule } from './wiring/contributors.ts'
import { createJobsModule, definePeriodicJobs } from './wiring/jobs.ts'
import { createLearningModule } from './wiring/learning.ts'
import { createPeopleModule } from './wiring/people.ts'
import { createRepositories } from './wiring/repositories.ts'
import { createWordsModule } from './wiring/words.ts'
import type { Shared } from './wiring/shared.ts'
import { loadAppSecret } from './security/app-secret.ts'
import { createReadiness } from './services/readiness.service.ts'
import { createStores, type Stores } from './storage/stores.ts'
import { freeBytes } from './web/disk-reserve.ts'

const packageJson = JSON.parse(fs.readFileSync(path.join(CODE_ROOT, 'package.json'), 'utf8')) as {
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
  const logger = options.logger
  const sqliteHandle = database.sqlite
  const secret = loadAppSecret(config.dataDir, config.appSecret)
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger })
  const shared: Shared = {
    config,
    clock: options.clock ?? systemClock,
    logger,
    database,
    secret,
    mailer,
    storage,
    locking: lockingFor(database.engine),
    search: textSearchFor(database.engine),
    hotPath: hotPathReadsFor(database),
    metrics: createMetrics(),
  }
  const clock = shared.clock

  const repositories = createRepositories(shared)
  const people = createPeopleModule(shared, repositories)
  const jobs = createJobsModule(shared)
  const words = createWordsModule(shared, repositories, jobs.queue)
  const learning = createLearningModule(shared, repositories, words)
  const cards = createCardsModule(shared, repositories, jobs.queue)
  const admin = createAdminBillingModule(shared, repositories, people.users)
  const account = createAccountModule(shared, { users: people.users, billing: admin.services.billing, ratings: learning.services.ratings })
  const contributor = createContributorsModule(shared, repositories, { grants: learning.services.mediaGrants, catalogue: learning.services.catalogue }, jobs.queue, words)
  definePeriodicJobs(shared, jobs, { uploads: contributor.services.uploads, auth: people.auth, billing: admin.services.billing }, repositories)
  // A kind with no handler, or two, stops the process here, before it serves or runs anything.
  jobs.queue.registry.check()
  const readiness = createReadiness({
    db: database.db,
    migrationVersions: readMigrations(database.engine).map((migration) => migration.version),
    storage,
    disk: { dirs: storage.stagingDirs, reserveBytes: config.diskReserveBytes, free: freeBytes },
    onChange: (check, said, detail) => (said === 'ok' ? logger.info({ check }, `ready again: ${check} ok`) : logger.warn({ check, detail }, `not ready: ${said}`)),
  })
  const jobsRepository = createJobsRepository(database.db, database.engine)
  shared.metrics.readFrom({
    jobs: () => jobsRepository.countsByKindAndState(),
    pool: database.pool,
    disk: { dirs: storage.stagingDirs, reserveBytes: config.diskReserveBytes, free: freeBytes },
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
    get sqlite(): Db {
      if (!sqliteHandle) throw new Error('ctx.sqlite is the SQLite handle, and this context runs on PostgreSQL: use ctx.database.db')
      return sqliteHandle
    },
    secret,
    mailer,
    /** What this process says to a monitoring system (metrics/metrics.ts). */
    metrics: shared.metrics,
    repositories,
    services: { ...people, ...learning.services, ...words, ...cards, ...account, ...contributor.services, ...admin.services, adminJobs: jobs.adminJobs, readiness },
    stripeWebhook: admin.stripeWebhook,
    jobs: jobs.queue,
    version: packageJson.version,
    /** Finishes the ingest thread's batches in flight, then closes the database. */
    async close() {
      await learning.close()
      await uploadLocker?.close()
      await database.close()
    },
  }
}

export type AppContext = ReturnType<typeof assembleContext>
