import type { RequestHandler } from 'express'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'
import { incomingDir } from '../storage/media-paths.ts'
import { sniffImage } from '../media/sniff.ts'
import type { AdminFeedbackService } from '../services/admin-feedback.service.ts'
import type { AdminJobsService } from '../services/admin-jobs.service.ts'
import type { AdminSummaryService } from '../services/admin-summary.service.ts'
import type { AdminUsersService } from '../services/admin-users.service.ts'
import type { AdminVideosService } from '../services/admin-videos.service.ts'
import { pathId } from '../web/path-id.ts'
import type { Routes } from './route.ts'
import { formOf } from './route-body.ts'

// Every admin route: signed in, then admin (the table's role), then the input.
export function adminRoutes(routes: Routes, deps: { videos: AdminVideosService; users: AdminUsersService; feedback: AdminFeedbackService; jobs: AdminJobsService; summary: AdminSummaryService }) {
  const id = (raw: unknown) => pathId(raw)

  routes.add('admin.videos', async ({ res, user, query }) => {
    res.json(await deps.videos.list(user, query))
  })
  routes.add('admin.updateVideo', async ({ req, res, user, body }) => {
    res.json({ data: await deps.videos.update(user, id(req.params.id), body.video) })
  })
  routes.add('admin.users', async ({ res, user, query }) => {
    res.json(await deps.users.list(user, query))
  })
  routes.add('admin.updateUser', async ({ req, res, user: admin, body }) => {
    res.json({ data: await deps.users.update(admin, id(req.params.id), body.user) })
  })
  routes.add('admin.feedback', async ({ res, user, query }) => {
    res.json(await deps.feedback.list(user, query))
  })
  routes.add('admin.feedbackItem', async ({ req, res, user }) => {
    res.json({ data: await deps.feedback.get(user, id(req.params.id)) })
  })
  routes.add('admin.summary', async ({ res, user }) => {
    res.json({ data: await deps.summary.summary(user) })
  })
  routes.add('admin.jobs', async ({ res, user, query }) => {
    res.json(await deps.jobs.list(user, query))
  })
  routes.add('admin.retryJob', async ({ req, res, user }) => {
    res.json({ data: await deps.jobs.retryNow(user, id(req.params.id)) })
  })
}

/** Thumbnail uploads: multipart (the table's entry), served ahead of the JSON-only API router. */
export function adminThumbnailsRoute(routes: Routes, deps: { videos: AdminVideosService; uploadGuard: RequestHandler; dataDir: string }) {
  const tooLarge = () => new ApiError(413, ERROR_CODES.tooLarge, 'Each image must be 5 MB or smaller.')
  // The id before a byte of the body is read (the form is read just before the last handler).
  const checked: RequestHandler = (req, _res, next) => {
    pathId(req.params.id)
    next()
  }
  const badType = () => new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Thumbnails must be JPEG, PNG or WebP images.')
  const form = { dir: incomingDir(deps.dataDir), sniff: { thumbnail: sniffImage, youtube_thumbnail: sniffImage }, tooLarge, badType }
  routes.add('admin.videoThumbnails', { guards: [deps.uploadGuard], checks: [checked], form }, async ({ req, res, user }) => {
    const { files, problems } = formOf(req)
    if (Object.values(problems).includes('too_large')) throw tooLarge()
    res.json({ data: await deps.videos.replaceThumbnails(user, pathId(req.params.id), files) })
  })
}
