/**
 * Builds the Express app from a context. Order matters: security headers, then the API (logged, JSON
 * only, errors in the contract's shape, unknown paths 404 in JSON), then the PWA with its SPA fallback.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import express from 'express'
import { API_BASE } from '../../contract/index.ts'
import { roleOf } from './background.ts'
import type { AppContext } from './context.ts'
import { requireUser } from './middleware/authenticate.ts'
import { apiNotFound, errorHandler } from './middleware/error-handler.ts'
import { accountRoutes } from './routes/account.routes.ts'
import { authRoutes } from './routes/auth.routes.ts'
import { devRoutes } from './routes/dev.routes.ts'
import { feedbackRoutes } from './routes/feedback.routes.ts'
import { healthRoutes } from './routes/health.routes.ts'
import { languagesRoutes } from './routes/languages.routes.ts'
import { dailyProgressRoute, meRoutes } from './routes/me.routes.ts'
import { waitlistRoutes } from './routes/waitlist.routes.ts'
import { watchEventsRoutes } from './routes/watch-events.routes.ts'
import { catalogueRoutes } from './routes/catalogue.routes.ts'
import { outsideHoursRoutes } from './routes/outside-hours.routes.ts'
import { ratingsRoutes } from './routes/ratings.routes.ts'
import { compassRoutes } from './routes/compass.routes.ts'
import { adminRoutes, adminThumbnailsRoute } from './routes/admin.routes.ts'
import { billingRoutes, billingWebhookRoute } from './routes/billing.routes.ts'
import { apiJsonBody, registeredRoutes, served } from './routes/route.ts'
import { pwaStatic } from './web/pwa-static.ts'
import { mediaServer } from './media/media-server.ts'
import { requestLogging } from './web/request-logging.ts'
import { answerCheck, type AnswerMismatch } from './web/answer-check.ts'
import { apiSecurityHeaders, documentSecurityHeaders } from './web/security-headers.ts'
import { applicationFormRoutes, contributorApplicationsRoutes } from './routes/contributor-applications.routes.ts'
import { publishFormRoutes, submissionsRoutes } from './routes/submissions.routes.ts'
import { createTusUploads } from './web/tus-uploads.ts'
import { createDiskReserve } from './web/disk-reserve.ts'
import { captionsRoutes, captionsUploadRoute } from './routes/captions.routes.ts'
import { wordsRoutes } from './routes/words.routes.ts'
import { glossaryRoutes } from './routes/glossary.routes.ts'

export const DEFAULT_PWA_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/pwa')

export interface AppOptions {
  pwaDist?: string
  /**
   * Tests only (test-support/test-server.ts): check every JSON answer of a route against its answer
   * schema (web/answer-check.ts), replacing a wrong one by a 500 and telling this function. Left out in
   * production: no request pays for the check.
   */
  onAnswerMismatch?: (mismatch: AnswerMismatch) => void
}

export function createApp(ctx: AppContext, options: AppOptions = {}) {
  const app = express()
  if (options.onAnswerMismatch) app.use(answerCheck(options.onAnswerMismatch))
  app.disable('x-powered-by')
  app.set('trust proxy', ctx.config.trustProxy)
  app.set('etag', false)
  const https = ctx.config.publicUrl?.startsWith('https:') ?? false

  const { services, repositories } = ctx
  const signedIn = requireUser(services.auth, services.users)
  const rateLimits = { counters: repositories.rateLimits, clock: ctx.clock }
  // Bodies that are not JSON (tus PATCH streams, multipart forms) are handled on the app, ahead of the
  // API router's JSON-only rule, with the same logging and headers; so is the call every open app polls.
  const prelude = [requestLogging(ctx.logger), apiSecurityHeaders({ https })]
  dailyProgressRoute(app, { users: services.users, requireUserWithToday: requireUser(services.auth, services.users, { withToday: true }), prelude })
  const api = express.Router()
  api.use(...prelude)
  // Each route reads its body with the reader its entry in the route table names (routes/route.ts).
  // Route modules add their routes to this one router. (A nested Router that does not match defers
  // to the next tick in Express 5, which cost half the throughput of a signed-in call.)
  healthRoutes(api, { database: ctx.database, version: ctx.version, role: roleOf({ serves: true, workers: ctx.config.workers }) })
  authRoutes(api, { auth: services.auth, users: services.users, requireUser: signedIn, rateLimits, verifyPer10Minutes: ctx.config.verifyPerIpPer10Minutes })
  meRoutes(api, { users: services.users, requireUser: signedIn })
  accountRoutes(api, { devices: services.devices, exports: services.accountExport, deletion: services.accountDeletion, requireUser: signedIn })
  languagesRoutes(api, { languages: repositories.languages })
  feedbackRoutes(api, { feedback: services.feedback, requireUser: signedIn })
  waitlistRoutes(api, { waitlist: services.waitlist, rateLimits })
  watchEventsRoutes(api, { watchEvents: services.watchEvents, requireUser: signedIn })
  adminRoutes(api, { videos: services.adminVideos, users: services.adminUsers, feedback: services.adminFeedback, jobs: services.adminJobs, requireUser: signedIn })
  billingRoutes(api, { billing: services.billing, requireUser: signedIn })
  outsideHoursRoutes(api, { outsideHours: services.outsideHours, requireUser: signedIn })
  ratingsRoutes(api, { ratings: services.ratings, requireUser: signedIn })
  compassRoutes(api, { upNext: services.upNext, requireUser: signedIn })
  catalogueRoutes(api, { catalogue: services.catalogue, progress: services.progress, comments: services.comments, requireUser: signedIn })
  submissionsRoutes(api, { submissions: services.submissions, publishing: services.publishing, requireUser: signedIn })
  contributorApplicationsRoutes(api, { applications: services.contributorApplications, requireUser: signedIn })
  captionsRoutes(api, { captions: services.captions, requireUser: signedIn })
  glossaryRoutes(api, { glossary: services.glossary, adminLexicon: services.adminLexicon, requireUser: signedIn })
  wordsRoutes(api, { lexicon: services.lexicon, trackWords: services.trackWords, wordStates: services.wordStates, requireUser: signedIn })
  if (!ctx.config.isProduction) devRoutes(api, { mailer: ctx.mailer })
  // A path no route serves reads its body as every API call does (a bad body is refused before the 404).
  api.use(apiJsonBody, apiNotFound)
  api.use(errorHandler(ctx.logger))

  // Every upload is refused before a byte is read when the disk is under its reserve (web/disk-reserve.ts).
  const diskReserve = createDiskReserve(ctx.storage.stagingDirs, ctx.config.diskReserveBytes)
  const uploadPrelude = [...prelude, diskReserve.guard]
  const tus = createTusUploads({
    diskReserve,
    store: ctx.storage.uploads,
    maxUploadBytes: ctx.config.maxUploadBytes,
    uploads: services.uploads,
    logger: ctx.logger,
    requireUser: signedIn,
    locker: ctx.uploadLocker,
  })
  app.all(tus.paths, ...prelude, ...tus.handlers)
  served(app, 'uploads.create')
  publishFormRoutes(app, { publishing: services.publishing, requireUser: signedIn, prelude: uploadPrelude, dataDir: ctx.config.dataDir })
  captionsUploadRoute(app, { captions: services.captions, requireUser: signedIn, prelude: uploadPrelude })
  adminThumbnailsRoute(app, { videos: services.adminVideos, requireUser: signedIn, prelude: uploadPrelude, dataDir: ctx.config.dataDir })
  billingWebhookRoute(app, { webhook: ctx.stripeWebhook, prelude })
  applicationFormRoutes(app, { applications: services.contributorApplications, prelude, dataDir: ctx.config.dataDir, rateLimits, diskReserve })
  app.use(API_BASE, api)
  // The contract's routes this app serves (contract/routes.ts), for the authorization matrix to check.
  app.locals.routes = registeredRoutes(app, api)
  app.use('/media', mediaServer({ store: ctx.storage.media, grants: services.mediaGrants, playlistAccess: services.playlistAccess, accelRedirect: ctx.config.mediaAccelRedirect, clock: ctx.clock }))
  app.use(documentSecurityHeaders({ https }))
  app.use(pwaStatic(options.pwaDist ?? DEFAULT_PWA_DIST))
  app.use(errorHandler(ctx.logger))
  return app
}
