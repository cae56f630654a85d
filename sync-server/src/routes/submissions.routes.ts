import type { RequestHandler } from 'express'
import { ERROR_CODES, publishFieldsSchema } from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'
import { incomingDir } from '../storage/media-paths.ts'
import { sniffImage } from '../media/sniff.ts'
import { currentSession } from '../middleware/current-session.ts'
import { parseWith } from '../middleware/validate.ts'
import type { PublishingService } from '../services/publishing.service.ts'
import type { SubmissionsService } from '../services/submissions.service.ts'
import { pathId } from '../web/path-id.ts'
import type { Routes } from './route.ts'
import { formOf } from './route-body.ts'

export function submissionsRoutes(routes: Routes, deps: { submissions: SubmissionsService; publishing: PublishingService }) {
  routes.add('submissions.create', async ({ res, user, body }) => {
    const { id, created } = await deps.submissions.create(user, body.submission)
    res.status(created ? 201 : 200).json({ data: deps.submissions.uploadTicket(id) })
  })

  routes.add('submissions.list', async ({ req, res, user, query }) => {
    res.json(await deps.submissions.list(user, currentSession(req), { mine: query.mine, before: query.cursor, limit: query.limit }))
  })

  routes.add('submissions.get', async ({ req, res, user }) => {
    res.json({ data: await deps.submissions.get(user, currentSession(req), pathId(req.params.id)) })
  })

  // The status is the admins' (checked in the service), the dialect the owner's too.
  routes.add('submissions.update', async (call) => {
    const id = pathId(call.req.params.id)
    call.res.json({ data: await deps.submissions.update(call.user, currentSession(call.req), id, call.body.submission) })
  })

  routes.add('submissions.delete', async ({ req, res, user }) => {
    await deps.submissions.remove(user, pathId(req.params.id))
    res.status(204).end()
  })

  routes.add('series.list', async ({ req, res }) => {
    res.json({ data: await deps.publishing.seriesOf(String(req.params.code)) })
  })
}

/**
 * The multipart publish form (served ahead of the JSON-only API router: the table's multipart entry);
 * the role and the id are checked before a byte of the body is read.
 */
export function publishFormRoutes(routes: Routes, deps: { publishing: PublishingService; uploadGuard: RequestHandler; dataDir: string }) {
  // The id before a byte of the body is read (the form is read just before the last handler).
  const checked: RequestHandler = (req, _res, next) => {
    pathId(req.params.id)
    next()
  }
  const tooLarge = () => new ApiError(413, ERROR_CODES.tooLarge, 'Thumbnails must be 5 MB or less.')
  const badType = () => new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Thumbnails must be JPEG, PNG or WebP images.')
  const form = { dir: incomingDir(deps.dataDir), sniff: { product_thumbnail: sniffImage, youtube_thumbnail: sniffImage }, tooLarge, badType }
  routes.add('submissions.publish', { guards: [deps.uploadGuard], checks: [checked], form }, async ({ req, res, user }) => {
    const read = formOf(req)
    const problems = Object.values(read.problems)
    if (problems.includes('too_large')) throw tooLarge()
    const fields = parseWith(publishFieldsSchema, read.fields)
    const video = await deps.publishing.publish(user, currentSession(req), pathId(req.params.id), fields, {
      product: read.files.product_thumbnail,
      youtube: read.files.youtube_thumbnail,
    })
    res.status(201).json({ data: video })
  })
}
