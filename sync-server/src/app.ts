/**
 * Builds the Express app from a context. Order matters: security headers, then the API (logged, JSON
 * only, errors in the contract's shape, unknown paths 404 in JSON), then the PWA with its SPA fallback.
 */
import path from 'node:path'
import express from 'express'
import { API_BASE } from '../../contract/index.ts'
import { roleOf } from './background.ts'
import { CODE_ROOT } from './code-root.ts'
import type { AppContext } from './context.ts'
import { requireUser } from './middleware/authenticate.ts'
import { apiNotFound, errorHandler } from './middleware/error-handler.ts'
import { accountRoutes } from './routes/account.routes.ts'
import { authRoutes } from './routes/auth.routes.ts'
import { devRoutes } from './routes/dev.routes.ts'
import { feedbackRoutes } from './routes/feedback.routes.ts'
import { demoRoutes, healthRoutes } from './routes/health.routes.ts'
import { demoProgress } from './demo/seed-demo.ts'
import { languagesRoutes } from './routes/languages.routes.ts'
import { dailyProgressRoute, meRoutes } from './routes/me.routes.ts'
import { preferencesRoutes } from './routes/preferences.routes.ts'
import { waitlistRoutes } from './routes/waitlist.routes.ts'
import { watchEventsRoutes } from './routes/watch-events.routes.ts'
import { catalogueRoutes } from './routes/catalogue.routes.ts'
import { outsideHoursRoutes } from './routes/outside-hours.routes.ts'
import { ratingsRoutes } from './routes/ratings.routes.ts'
import { compassRoutes } from './routes/compass.routes.ts'
import { adminRoutes, adminThumbnailsRoute } from './routes/admin.routes.ts'
import { billingRoutes, billingWebhookRoute } from './routes/billing.routes.ts'
import { createRoutes } from './routes/route.ts'
import { apiJsonBody } from './routes/route-body.ts'
import { pwaStatic } from './web/pwa-static.ts'
import { mediaServer } from './media/media-server.ts'
import { requestLogging } from './web/request-logging.ts'
import { requestMetrics } from './web/request-metrics.ts'
import { answerCheck, type AnswerMismatch } from './web/answer-check.ts'
import { apiSecurityHeaders, documentSecurityHeaders } from './web/security-headers.ts'
import { applicationFormRoutes, contributorApplicationsRoutes } from './routes/contributor-applications.routes.ts'
import { publishFormRoutes, submissionsRoutes } from './routes/submissions.routes.ts'
import { createTusUploads } from './web/tus-uploads.ts'
import { createDiskReserve } from './web/disk-reserve.ts'
import { captionsRoutes, captionsUploadRoute } from './routes/captions.routes.ts'
import { wordsRoutes } from './routes/words.routes.ts'
import { cardsRoutes } from './routes/cards.routes.ts'
import { glossaryRoutes } from './routes/glossary.routes.ts'

export const DEFAULT_PWA_DIST = path.join(CODE_ROOT, 'dist/pwa')

export interface AppOptions {
  pwaDist?: string
  /**
   * Tests only (test-support/test-server.ts): check every JSON answer of a route against its answer
   * schema (web/answer-check.ts), replacing a wrong one by a 500 and telling this function. Left out in
   * production: no request pays for the check.
   */
  onAnswerMismatch?: (mismatch: AnswerMismatch) => void
  /** Ahead of everything (main.ts: the graceful stop's `Connection: close` while stopping). */
  beforeRoutes?: express.RequestHandler
}

export function createApp(ctx: AppContext, options: AppOptions = {}) {
  const app = express()
  if (options.beforeRoutes) app.use(options.beforeRoutes)
  app.use(requestMetrics(ctx.metrics))
  if (options.onAnswerMismatch) app.use(answerCheck(options.onAnswerMismatch))
  app.disable('x-powered-by')
  app.set('trust proxy', ctx.config.trustProxy)
  app.set('etag', false)
  const https = ctx.config.publicUrl?.startsWith('https:') ?? false

  const { services, repositories } = ctx
  const signedIn = requireUser(services.auth, services.users)
  const rateLimits = { counters: repositories.rateLimits, clock: ctx.clock }
  // The table says where each route is served (routes/route.ts): on the API router, or on the app ahead
  // of it (bodies that are not JSON, and the call every open app polls) with the same logging and headers.
  const prelude = [requestLogging(ctx.logger), apiSecurityHeaders({ https })]
  const api = express.Router()
  api.use(...prelude)
  // Route modules add their routes to this one router. (A nested Router that does not match defers
  // to the next tick in Express 5, which cost half the throughput of a signed-in call.)
  const routes = createRoutes({ app, api, signIn: signedIn, prelude })
  dailyProgressRoute(routes, { users: services.users, requireUserWithToday: requireUser(services.auth, services.users, { withToday: true }) })
  healthRoutes(routes, { database: ctx.database, version: ctx.version, role: roleOf({ serves: true, workers: ctx.config.workers }), readiness: services.readiness })
  // The demo contributor exists only where a demo was seeded (never in production: config refuses SEED_DEMO there).
  demoRoutes(routes, { progress: (language) => demoProgress(ctx.database.db, language) })
  authRoutes(routes, { auth: services.auth, users: services.users, rateLimits, verifyPer10Minutes: ctx.config.verifyPerIpPer10Minutes })
  meRoutes(routes, { users: services.users })
  preferencesRoutes(routes, { preferences: services.preferences })
  accountRoutes(routes, { devices: services.devices, exports: services.accountExport, deletion: services.accountDeletion })
  languagesRoutes(routes, { languages: repositories.languages })
  feedbackRoutes(routes, { feedback: services.feedback })
  waitlistRoutes(routes, { waitlist: services.waitlist, rateLimits })
  watchEventsRoutes(routes, { watchEvents: services.watchEvents })
  adminRoutes(routes, { videos: services.adminVideos, users: services.adminUsers, feedback: services.adminFeedback, jobs: services.adminJobs, summary: services.adminSummary })
  billingRoutes(routes, { billing: services.billing })
  outsideHoursRoutes(routes, { outsideHours: services.outsideHours })
  ratingsRoutes(routes, { ratings: services.ratings })
  compassRoutes(routes, { upNext: services.upNext })
  catalogueRoutes(routes, { catalogue: services.catalogue, progress: services.progress, comments: services.comments })
  submissionsRoutes(routes, { submissions: services.submissions, publishing: services.publishing })
  contributorApplicationsRoutes(routes, { applications: services.contributorApplications })
  captionsRoutes(routes, { captions: services.captions, waveform: services.waveform })
  glossaryRoutes(routes, { glossary: services.glossary, adminLexicon: services.adminLexicon })
  wordsRoutes(routes, { lexicon: services.lexicon, trackWords: services.trackWords, wordStates: services.wordStates })
  cardsRoutes(routes, { cards: services.cards, cardsLibrary: services.cardsLibrary })
  if (!ctx.config.isProduction) devRoutes(routes, { mailer: ctx.mailer })
  // A path no route serves reads its body as every API call does (a bad body is refused before the 404).
  api.use(apiJsonBody, apiNotFound)
  api.use(errorHandler(ctx.logger))

  // Every upload is refused before a byte is read when the disk is under its reserve (web/disk-reserve.ts).
  const diskReserve = createDiskReserve(ctx.storage.stagingDirs, ctx.config.diskReserveBytes)
  const uploadGuard = diskReserve.guard
  const tus = createTusUploads({
    diskReserve,
    store: ctx.storage.uploads,
    maxUploadBytes: ctx.config.maxUploadBytes,
    uploads: services.uploads,
    logger: ctx.logger,
    requireUser: signedIn,
    locker: ctx.uploadLocker,
    metrics: ctx.metrics.uploads,
  })
  app.all(tus.paths, ...prelude, ...tus.handlers)
  routes.served('uploads.create')
  publishFormRoutes(routes, { publishing: services.publishing, uploadGuard, dataDir: ctx.config.dataDir })
  captionsUploadRoute(routes, { captions: services.captions, uploadGuard })
  adminThumbnailsRoute(routes, { videos: services.adminVideos, uploadGuard, dataDir: ctx.config.dataDir })
  billingWebhookRoute(routes, { webhook: ctx.stripeWebhook })
  applicationFormRoutes(routes, { applications: services.contributorApplications, dataDir: ctx.config.dataDir, rateLimits, diskReserve })
  app.use(API_BASE, api)
  // The contract's routes this app serves (contract/routes.ts), for the authorization matrix to check.
  app.locals.routes = routes.registered()
  app.use('/media', mediaServer({ store: ctx.storage.media, grants: services.mediaGrants, playlistAccess: services.playlistAccess, accelRedirect: ctx.config.mediaAccelRedirect, clock: ctx.clock }))
  app.use(documentSecurityHeaders({ https }))
  app.use(pwaStatic(options.pwaDist ?? DEFAULT_PWA_DIST, { preLaunch: ctx.config.preLaunch }))
  app.use(errorHandler(ctx.logger))
  return app
}
