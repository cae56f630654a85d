import type { RequestHandler, Router } from 'express'
import { nextForYouQuerySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { UpNextService } from '../services/up-next.service.ts'
import { pathId } from '../web/path-id.ts'
import { on } from './route.ts'

/** What to watch next (issue 20): up next after a video, and the "Next for you" row. */
export function compassRoutes(router: Router, deps: { upNext: UpNextService; requireUser: RequestHandler }) {
  on(router, 'compass.upNext', deps.requireUser, async (req, res) => {
    res.json({ data: await deps.upNext.upNext(currentUser(req), pathId(req.params.id, 'No such video.')) })
  })

  on(router, 'compass.nextForYou', deps.requireUser, async (req, res) => {
    const { limit } = parseWith(nextForYouQuerySchema, req.query)
    res.json({ data: await deps.upNext.nextForYou(currentUser(req), String(req.params.code), limit) })
  })
}
