/**
 * Everything the app needs, built once from the config: database (migrated), secret, mailer,
 * repositories and services. Tests build one on a temp DATA_DIR and may pass their own clock.
 */
import fs from 'node:fs'
import type { Logger } from 'pino'
import type { Config } from './config.ts'
import { systemClock, type Clock } from './clock.ts'
import { openDatabase, type Db } from './db/connection.ts'
import { migrate } from './db/migrate.ts'
import { createLogger } from './logger.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import { createDailyTotalsRepository } from './repositories/daily-totals.repository.ts'
import { createFeedbackRepository } from './repositories/feedback.repository.ts'
import { createLanguagesRepository } from './repositories/languages.repository.ts'
import { createOtpCodesRepository } from './repositories/otp-codes.repository.ts'
import { createSessionsRepository } from './repositories/sessions.repository.ts'
import { createUsersRepository } from './repositories/users.repository.ts'
import { createWaitlistRepository } from './repositories/waitlist.repository.ts'
import { loadAppSecret } from './security/app-secret.ts'
import { createMediaGrants } from './media/grants.ts'
import { createCatalogueRepository } from './repositories/catalogue.repository.ts'
import { createCommentsRepository } from './repositories/comments.repository.ts'
import { createVideoProgressRepository } from './repositories/video-progress.repository.ts'
import { createWatchEventsRepository } from './repositories/watch-events.repository.ts'
import { createWatchEventsService } from './services/watch-events.service.ts'
import { createAuthService } from './services/auth.service.ts'
import { createFeedbackService } from './services/feedback.service.ts'
import { createUsersService } from './services/users.service.ts'
import { createWaitlistService } from './services/waitlist.service.ts'

const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

export interface ContextOptions {
  clock?: Clock
  logger?: Logger
  mailer?: Mailer
}

export function createContext(config: Config, options: ContextOptions = {}) {
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? createLogger(config.logLevel)
  const db: Db = openDatabase(config.dataDir)
  const applied = migrate(db)
  if (applied.length > 0) logger.info({ applied }, 'database migrated')
  const secret = loadAppSecret(config.dataDir, config.appSecret)
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger })

  const repositories = {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    otpCodes: createOtpCodesRepository(db),
    languages: createLanguagesRepository(db),
    dailyTotals: createDailyTotalsRepository(db),
    feedback: createFeedbackRepository(db),
    waitlist: createWaitlistRepository(db),
    catalogue: createCatalogueRepository(db),
    watchEvents: createWatchEventsRepository(db),
    videoProgress: createVideoProgressRepository(db),
    comments: createCommentsRepository(db),
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
      sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
      sendsPerIpPerHour: config.otpSendsPerIpPerHour,
    }),
    users: createUsersService({ users: repositories.users, dailyTotals: repositories.dailyTotals, clock }),
    feedback: createFeedbackService({ feedback: repositories.feedback, clock }),
    waitlist: createWaitlistService({ waitlist: repositories.waitlist, clock }),
    mediaGrants: createMediaGrants({ secret, clock }),
    watchEvents: createWatchEventsService({
      db,
      clock,
      watchEvents: repositories.watchEvents,
      videoProgress: repositories.videoProgress,
      dailyTotals: repositories.dailyTotals,
      catalogue: repositories.catalogue,
      previewSeconds: config.previewSeconds,
    }),
  }
  return { config, clock, logger, db, secret, mailer, repositories, services, version: packageJson.version }
}

export type AppContext = ReturnType<typeof createContext>
