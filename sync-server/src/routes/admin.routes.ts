import type { Express, RequestHandler, Router } from 'express'
import {
  adminFeedbackQuerySchema,
  adminJobsQuerySchema,
  adminUsersQuerySchema,
  adminVideosQuerySchema,
  ERROR_CODES,
  patchAdminUserBodySchema,
  patchAdminVideoBodySchema,
} from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'
import { incomingDir } from '../media/media-paths.ts'
import { sniffImage } from '../media/sniff.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { adminsOnly } from '../middleware/roles.ts'
import { parseWith } from '../middleware/validate.ts'
import type { AdminFeedbackService } from '../services/admin-feedback.service.ts'
import type { AdminJobsService } from '../services/admin-jobs.service.ts'
import type { AdminSummaryService } from '../services/admin-summary.service.ts'
import type { AdminUsersService } from '../services/admin-users.service.ts'
import type { AdminVideosService } from '../services/admin-videos.service.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'
import { pathId } from '../web/path-id.ts'
import { on, early, formOf } from './route.ts'

export function adminRoutes(
  router: Router,
  deps: {
    videos: AdminVideosService
    users: AdminUsersService
    feedback: AdminFeedbackService
    jobs: AdminJobsService
    summary: AdminSummaryService
    requireUser: RequestHandler
  },
) {
  // Every admin route: signed in, then admin, then the input.
  const signedIn = [deps.requireUser, adminsOnly]
  const id = (raw: unknown) => pathId(raw)

  on(router, 'admin.videos', ...signedIn, async (req, res) => {
    res.json(await deps.videos.list(currentUser(req), parseWith(adminVideosQuerySchema, req.query)))
  })
  on(router, 'admin.updateVideo', ...signedIn, async (req, res) => {
    const { video } = parseWith(patchAdminVideoBodySchema, req.body)
    res.json({ data: await deps.videos.update(currentUser(req), id(req.params.id), video) })
  })
  on(router, 'admin.users', ...signedIn, async (req, res) => {
    res.json(await deps.users.list(currentUser(req), parseWith(adminUsersQuerySchema, req.query)))
  })
  on(router, 'admin.updateUser', ...signedIn, async (req, res) => {
    const { user } = parseWith(patchAdminUserBodySchema, req.body)
    res.json({ data: await deps.users.update(currentUser(req), id(req.params.id), user) })
  })
  on(router, 'admin.feedback', ...signedIn, async (req, res) => {
    res.json(await deps.feedback.list(currentUser(req), parseWith(adminFeedbackQuerySchema, req.query)))
  })
  on(router, 'admin.feedbackItem', ...signedIn, async (req, res) => {
    res.json({ data: await deps.feedback.get(currentUser(req), id(req.params.id)) })
  })
  on(router, 'admin.summary', ...signedIn, async (req, res) => {
    res.json({ data: await deps.summary.summary(currentUser(req)) })
  })
  on(router, 'admin.jobs', ...signedIn, async (req, res) => {
    res.json(await deps.jobs.list(currentUser(req), parseWith(adminJobsQuerySchema, req.query)))
  })
  on(router, 'admin.retryJob', ...signedIn, async (req, res) => {
    res.json({ data: await deps.jobs.retryNow(currentUser(req), id(req.params.id)) })
  })
}

/** Thumbnail uploads are multipart: registered on the app ahead of the JSON-only API router. */
export function adminThumbnailsRoute(
  app: Express,
  deps: { videos: AdminVideosService; requireUser: RequestHandler; prelude: RequestHandler[]; dataDir: string },
) {
  const tooLarge = () => new ApiError(413, ERROR_CODES.tooLarge, 'Each image must be 5 MB or smaller.')
  // The role and the id before a byte of the body is read (the form is read just before the last handler).
  const checked: RequestHandler = (req, _res, next) => {
    requireAdmin(currentUser(req))
    pathId(req.params.id)
    next()
  }
  const form = { dir: incomingDir(deps.dataDir), sniff: { thumbnail: sniffImage, youtube_thumbnail: sniffImage }, tooLarge }
  early(app, 'admin.videoThumbnails', ...deps.prelude, deps.requireUser, checked, form, async (req, res) => {
    const { files, problems } = formOf(req)
    for (const problem of Object.values(problems)) {
      if (problem === 'too_large') throw tooLarge()
      if (problem === 'bad_type') throw new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Thumbnails must be JPEG, PNG or WebP images.')
    }
    res.json({ data: await deps.videos.replaceThumbnails(currentUser(req), pathId(req.params.id), files) })
  })
}
