import type { Express, RequestHandler, Router } from 'express'
import {
  createSubmissionBodySchema,
  ERROR_CODES,
  patchSubmissionBodySchema,
  publishFieldsSchema,
  submissionsQuerySchema,
} from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'
import { incomingDir } from '../media/media-paths.ts'
import { sniffImage } from '../media/sniff.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { contributorsOnly } from '../middleware/roles.ts'
import { currentSession } from '../middleware/current-session.ts'
import { parseWith } from '../middleware/validate.ts'
import type { PublishingService } from '../services/publishing.service.ts'
import type { SubmissionsService } from '../services/submissions.service.ts'
import { pathId } from '../web/path-id.ts'
import { on, early, formOf } from './route.ts'

export function submissionsRoutes(
  router: Router,
  deps: { submissions: SubmissionsService; publishing: PublishingService; requireUser: RequestHandler },
) {
  const signedIn = deps.requireUser
  // Contributors and admins only, checked before the input (the services check again).
  const contributing = [signedIn, contributorsOnly]

  on(router, 'submissions.create', ...contributing, async (req, res) => {
    const { submission } = parseWith(createSubmissionBodySchema, req.body)
    const { id, created } = await deps.submissions.create(currentUser(req), submission)
    res.status(created ? 201 : 200).json({ data: deps.submissions.uploadTicket(id) })
  })

  on(router, 'submissions.list', ...contributing, async (req, res) => {
    const query = parseWith(submissionsQuerySchema, req.query)
    res.json(await deps.submissions.list(currentUser(req), currentSession(req), { mine: query.mine, before: query.cursor, limit: query.limit }))
  })

  on(router, 'submissions.get', ...contributing, async (req, res) => {
    res.json({ data: await deps.submissions.get(currentUser(req), currentSession(req), pathId(req.params.id)) })
  })

  // The status is the admins' (checked in the service), the dialect the owner's too.
  on(router, 'submissions.update', ...contributing, async (req, res) => {
    const id = pathId(req.params.id)
    const { submission } = parseWith(patchSubmissionBodySchema, req.body)
    res.json({ data: await deps.submissions.update(currentUser(req), currentSession(req), id, submission) })
  })

  on(router, 'submissions.delete', ...contributing, async (req, res) => {
    await deps.submissions.remove(currentUser(req), pathId(req.params.id))
    res.status(204).end()
  })

  on(router, 'series.list', signedIn, async (req, res) => {
    res.json({ data: await deps.publishing.seriesOf(String(req.params.code)) })
  })
}

/**
 * The multipart publish form. Registered on the app ahead of the JSON-only API router (`prelude` adds
 * the API's logging and headers); the role check runs before a byte of the body is read.
 */
export function publishFormRoutes(
  app: Express,
  deps: { publishing: PublishingService; requireUser: RequestHandler; prelude: RequestHandler[]; dataDir: string },
) {
  // The role and the id before a byte of the body is read (the form is read just before the last handler).
  const checked: RequestHandler = (req, _res, next) => {
    if (currentUser(req).is_admin !== 1) throw new ApiError(403, ERROR_CODES.forbidden, 'Only admins can do this.')
    pathId(req.params.id)
    next()
  }
  const tooLarge = () => new ApiError(413, ERROR_CODES.tooLarge, 'Thumbnails must be 5 MB or less.')
  const badType = () => new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Thumbnails must be JPEG, PNG or WebP images.')
  const form = { dir: incomingDir(deps.dataDir), sniff: { product_thumbnail: sniffImage, youtube_thumbnail: sniffImage }, tooLarge, badType }
  early(app, 'submissions.publish', ...deps.prelude, deps.requireUser, checked, form, async (req, res) => {
    const read = formOf(req)
    const problems = Object.values(read.problems)
    if (problems.includes('too_large')) throw tooLarge()
    const fields = parseWith(publishFieldsSchema, read.fields)
    const video = await deps.publishing.publish(currentUser(req), currentSession(req), pathId(req.params.id), fields, {
      product: read.files.product_thumbnail,
      youtube: read.files.youtube_thumbnail,
    })
    res.status(201).json({ data: video })
  })
}
