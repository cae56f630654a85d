import type { UpNextService } from '../services/up-next.service.ts'
import { pathId } from '../web/path-id.ts'
import type { Routes } from './route.ts'

/** What to watch next (issue 20): up next after a video, and the "Next for you" row. */
export function compassRoutes(routes: Routes, deps: { upNext: UpNextService }) {
  routes.add('compass.upNext', async ({ req, res, user }) => {
    res.json({ data: await deps.upNext.upNext(user, pathId(req.params.id, 'No such video.')) })
  })

  routes.add('compass.nextForYou', async ({ req, res, user, query }) => {
    res.json({ data: await deps.upNext.nextForYou(user, String(req.params.code), query.limit) })
  })
}
