import type { RequestHandler } from 'express'
import { applicationFieldsSchema, APPLICATIONS_PER_IP_PER_HOUR, CONTRIBUTOR_ERROR_CODES } from '../../../contract/index.ts'
import { ApiError, notFound } from '../errors.ts'
import { incomingDir } from '../storage/media-paths.ts'
import { sniffVideo } from '../media/sniff.ts'
import { perIpLimit, type RateLimitDeps } from '../middleware/rate-limit.ts'
import { parseWith } from '../middleware/validate.ts'
import type { ContributorApplicationsService } from '../services/contributor-applications.service.ts'
import type { DiskReserve } from '../web/disk-reserve.ts'
import { pathId } from '../web/path-id.ts'
import { sendStored } from '../storage/send-stored.ts'
import type { Routes } from './route.ts'
import { formOf } from './route-body.ts'

const tooLarge = () =>
  new ApiError(413, CONTRIBUTOR_ERROR_CODES.fileTooLarge, 'Video file is too large. Please keep it under 50MB.')

export function contributorApplicationsRoutes(routes: Routes, deps: { applications: ContributorApplicationsService }) {
  routes.add('admin.applications', async ({ res, user, query }) => {
    res.json(await deps.applications.list(user, query.status, { before: query.cursor, limit: query.limit }))
  })

  routes.add('admin.updateApplication', async (call) => {
    const id = pathId(call.req.params.id)
    call.res.json({ data: await deps.applications.decide(call.user, id, call.body.application.status) })
  })

  routes.add('admin.applicationVideo', async ({ req, res, user }) => {
    const { key, type, media } = await deps.applications.video(user, pathId(req.params.id))
    if (!(await sendStored(req, res, media, key, { 'Content-Type': type, 'Cache-Control': 'private, no-store' }))) throw notFound('The video file is missing.')
  })
}

/**
 * The public multipart application form (served ahead of the JSON-only API router: the table's
 * multipart entry). The video is streamed to disk and sniffed; 50 MB or more is refused without being
 * kept in memory.
 */
export function applicationFormRoutes(
  routes: Routes,
  deps: { applications: ContributorApplicationsService; dataDir: string; rateLimits: RateLimitDeps; diskReserve: DiskReserve },
) {
  const limit = perIpLimit(deps.rateLimits, {
    name: 'applications',
    windowMs: 3_600_000,
    limit: APPLICATIONS_PER_IP_PER_HOUR,
    message: 'Too many applications from your network. Please try again later.',
  })
  // Before a byte is read, the disk's reserve. The hourly ceiling of everyone's applications is checked
  // once the video is received (its size known) and before it is kept: waiting on the database before
  // reading the body made the early 413 of an oversized video reach the client as a reset connection.
  const reserve: RequestHandler = (_req, _res, next) => {
    deps.diskReserve.check()
    next()
  }
  const badType = () => new ApiError(415, CONTRIBUTOR_ERROR_CODES.invalidFileType, 'Please upload a video file (MP4, WebM, or MOV).')
  const form = { dir: incomingDir(deps.dataDir), sniff: { video: sniffVideo }, tooLarge, badType }
  routes.add('applications.create', { guards: [limit, reserve], form }, async ({ req, res }) => {
    const read = formOf(req)
    const problem = read.problems.video
    if (problem === 'too_large') throw tooLarge()
    const video = read.files.video
    if (!video) throw new ApiError(422, CONTRIBUTOR_ERROR_CODES.noVideoFile, 'Please upload a video file.')
    const fields = parseWith(applicationFieldsSchema, read.fields)
    await deps.applications.checkHourlyCeiling({ videos: 1, bytes: video.bytes })
    res.status(201).json({ data: await deps.applications.submit(fields, video) })
  })
}
