import type { Express, RequestHandler, Router } from 'express'
import {
  applicationFieldsSchema,
  applicationsListQuerySchema,
  APPLICATIONS_PER_IP_PER_HOUR,
  CONTRIBUTOR_ERROR_CODES,
  patchApplicationBodySchema,
} from '../../../contract/index.ts'
import { ApiError, notFound } from '../errors.ts'
import { incomingDir } from '../media/media-paths.ts'
import { sniffVideo } from '../media/sniff.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { perIpLimit, type RateLimitDeps } from '../middleware/rate-limit.ts'
import { adminsOnly } from '../middleware/roles.ts'
import { parseWith } from '../middleware/validate.ts'
import type { ContributorApplicationsService } from '../services/contributor-applications.service.ts'
import type { DiskReserve } from '../web/disk-reserve.ts'
import { pathId } from '../web/path-id.ts'
import { sendStored } from '../storage/send-stored.ts'
import { on, early, formOf } from './route.ts'

const tooLarge = () =>
  new ApiError(413, CONTRIBUTOR_ERROR_CODES.fileTooLarge, 'Video file is too large. Please keep it under 50MB.')

export function contributorApplicationsRoutes(
  router: Router,
  deps: { applications: ContributorApplicationsService; requireUser: RequestHandler },
) {
  on(router, 'admin.applications', deps.requireUser, adminsOnly, async (req, res) => {
    const query = parseWith(applicationsListQuerySchema, req.query)
    res.json(await deps.applications.list(currentUser(req), query.status, { before: query.cursor, limit: query.limit }))
  })

  on(router, 'admin.updateApplication', deps.requireUser, adminsOnly, async (req, res) => {
    const id = pathId(req.params.id)
    const { application } = parseWith(patchApplicationBodySchema, req.body)
    res.json({ data: await deps.applications.decide(currentUser(req), id, application.status) })
  })

  on(router, 'admin.applicationVideo', deps.requireUser, adminsOnly, async (req, res) => {
    const { key, type, media } = await deps.applications.video(currentUser(req), pathId(req.params.id))
    if (!(await sendStored(req, res, media, key, { 'Content-Type': type, 'Cache-Control': 'private, no-store' }))) throw notFound('The video file is missing.')
  })
}

/**
 * The public multipart application form, registered on the app ahead of the JSON-only API router.
 * The video is streamed to disk and sniffed; 50 MB or more is refused without being kept in memory.
 */
export function applicationFormRoutes(
  app: Express,
  deps: { applications: ContributorApplicationsService; prelude: RequestHandler[]; dataDir: string; rateLimits: RateLimitDeps; diskReserve: DiskReserve },
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
  early(app, 'applications.create', ...deps.prelude, limit, reserve, form, async (req, res) => {
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
