/**
 * Builds the Express app from a context. Order matters: security headers, then the API (logged, JSON
 * only, errors in the contract's shape, unknown paths 404 in JSON), then the PWA with its SPA fallback.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import express from 'express'
import { API_BASE } from '../../contract/index.ts'
import type { AppContext } from './context.ts'
import { requireUser } from './middleware/authenticate.ts'
import { apiNotFound, errorHandler } from './middleware/error-handler.ts'
import { jsonBody } from './middleware/json-body.ts'
import { authRoutes } from './routes/auth.routes.ts'
import { devRoutes } from './routes/dev.routes.ts'
import { feedbackRoutes } from './routes/feedback.routes.ts'
import { healthRoutes } from './routes/health.routes.ts'
import { languagesRoutes } from './routes/languages.routes.ts'
import { meRoutes } from './routes/me.routes.ts'
import { waitlistRoutes } from './routes/waitlist.routes.ts'
import { pwaStatic } from './web/pwa-static.ts'
import { requestLogging } from './web/request-logging.ts'
import { securityHeaders } from './web/security-headers.ts'

export const DEFAULT_PWA_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/pwa')

export function createApp(ctx: AppContext, options: { pwaDist?: string } = {}) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', ctx.config.trustProxy)
  app.set('etag', false)
  app.use(securityHeaders({ https: ctx.config.publicUrl?.startsWith('https:') ?? false }))

  const { services, repositories } = ctx
  const signedIn = requireUser(services.auth, services.users)
  const api = express.Router()
  api.use(requestLogging(ctx.logger))
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  api.use(jsonBody('256kb'))
  api.use(healthRoutes({ db: ctx.db, version: ctx.version }))
  api.use(authRoutes({ auth: services.auth, users: services.users, requireUser: signedIn }))
  api.use(meRoutes({ users: services.users, requireUser: signedIn }))
  api.use(languagesRoutes({ languages: repositories.languages }))
  api.use(feedbackRoutes({ feedback: services.feedback, requireUser: signedIn }))
  api.use(waitlistRoutes({ waitlist: services.waitlist }))
  if (!ctx.config.isProduction) api.use(devRoutes({ mailer: ctx.mailer }))
  api.use(apiNotFound)
  api.use(errorHandler(ctx.logger))

  app.use(API_BASE, api)
  app.use(pwaStatic(options.pwaDist ?? DEFAULT_PWA_DIST))
  app.use(errorHandler(ctx.logger))
  return app
}
