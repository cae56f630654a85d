import type { RequestHandler, Router } from 'express'
import { commentBodySchema, commentsQuerySchema, progressQuerySchema, videoListQuerySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import { currentSession } from '../middleware/current-session.ts'
import type { CatalogueService } from '../services/catalogue.service.ts'
import type { CommentsService } from '../services/comments.service.ts'
import type { ProgressService } from '../services/progress.service.ts'
import { pathId } from '../web/path-id.ts'
import { on } from './route.ts'

export function catalogueRoutes(
  router: Router,
  deps: { catalogue: CatalogueService; progress: ProgressService; comments: CommentsService; requireUser: RequestHandler },
) {
  const signedIn = deps.requireUser
  const videoId = (raw: unknown) => pathId(raw, 'No such video.')

  on(router, 'videos.list', signedIn, async (req, res) => {
    res.json(await deps.catalogue.list(currentUser(req), String(req.params.code), () => parseWith(videoListQuerySchema, req.query)))
  })

  on(router, 'videos.get', signedIn, async (req, res) => {
    res.json({ data: await deps.catalogue.detail(currentUser(req), videoId(req.params.id), currentSession(req)) })
  })

  on(router, 'me.progress', signedIn, async (req, res) => {
    const { language, days } = parseWith(progressQuerySchema, req.query)
    res.json({ data: await deps.progress.forUser(currentUser(req), language, days) })
  })

  on(router, 'comments.list', signedIn, async (req, res) => {
    res.json(await deps.comments.list(currentUser(req), () => videoId(req.params.id), () => parseWith(commentsQuerySchema, req.query)))
  })

  on(router, 'comments.create', signedIn, async (req, res) => {
    const result = await deps.comments.post(currentUser(req), () => videoId(req.params.id), () => parseWith(commentBodySchema, req.body))
    res.status(result.created ? 201 : 200).json({ data: result.comment })
  })
}
