/**
 * Everything the app needs, built once from the config: the database (migrated), the secret, the mailer,
 * then one constructor per module (modules/): the repositories, people (sign-in, the user, devices),
 * learning (catalogue, captions, watch ingest, ratings, progress), admin and billing, the account
 * (export, deletion) and contributors (submissions, uploads, jobs, publishing). Tests build one on a temp
 * DATA_DIR and may pass their own clock.
 */
import fs from 'node:fs'
import type { Logger } from 'pino'
import type { Config } from './config.ts'
import { systemClock, type Clock } from './clock.ts'
import type { Db } from './db/connection.ts'
import { hotPathReadsFor } from './db/dialect/hot-path.ts'
import { lockingFor } from './db/dialect/locking.ts'
import { textSearchFor } from './db/dialect/text-search.ts'
import { uploadLockerFor, type UploadLocker } from './db/dialect/upload-locker.ts'
import { openEngine, type Engine } from './db/engine.ts'
import { migrate } from './db/migrate.ts'
import { waitForPostgres } from './db/wait-for-database.ts'
import { createLogger } from './logger.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import { createAccountModule } from './modules/account.ts'
import { createAdminBillingModule } from './modules/admin-billing.ts'
import { createContributorsModule } from './modules/contributors.ts'
import { createJobsModule, definePeriodicJobs } from './modules/jobs.ts'
import { createLearningModule } from './modules/learning.ts'
import { createPeopleModule } from './modules/people.ts'
import { createRepositories } from './modules/repositories.ts'
import { createWordsModule } from './modules/words.ts'
import type { Shared } from './modules/shared.ts'
import { loadAppSecret } from './security/app-secret.ts'
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
  }
  const clock = shared.clock

  const repositories = createRepositories(shared)
  const people = createPeopleModule(shared, repositories)
  const jobs = createJobsModule(shared)
  const words = createWordsModule(shared, repositories, jobs.queue)
  const learning = createLearningModule(shared, repositories, words)
  const admin = createAdminBillingModule(shared, repositories, people.users)
  const account = createAccountModule(shared, { users: people.users, billing: admin.services.billing, ratings: learning.services.ratings })
  const contributor = createContributorsModule(shared, repositories, { grants: learning.services.mediaGrants, catalogue: learning.services.catalogue }, jobs.queue, words)
  definePeriodicJobs(shared, jobs, { uploads: contributor.services.uploads, auth: people.auth, billing: admin.services.billing }, repositories)
  // A kind with no handler, or two, stops the process here, before it serves or runs anything.
  jobs.queue.registry.check()
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
    services: { ...people, ...learning.services, ...words, ...account, ...contributor.services, ...admin.services, adminJobs: jobs.adminJobs },
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
