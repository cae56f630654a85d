import { currentSession } from '../middleware/current-session.ts'
import type { CatalogueService } from '../services/catalogue.service.ts'
import type { CommentsService } from '../services/comments.service.ts'
import type { ProgressService } from '../services/progress.service.ts'
import { pathId } from '../web/path-id.ts'
import type { Routes } from './route.ts'

export function catalogueRoutes(routes: Routes, deps: { catalogue: CatalogueService; progress: ProgressService; comments: CommentsService }) {
  const videoId = (raw: unknown) => pathId(raw, 'No such video.')

  routes.add('videos.list', async (call) => {
    call.res.json(await deps.catalogue.list(call.user, String(call.req.params.code), () => call.query))
  })

  routes.add('videos.get', async ({ req, res, user }) => {
    res.json({ data: await deps.catalogue.detail(user, videoId(req.params.id), currentSession(req)) })
  })

  routes.add('me.progress', async ({ res, user, query: { language, days } }) => {
    res.json({ data: await deps.progress.forUser(user, language, days) })
  })

  routes.add('comments.list', async (call) => {
    call.res.json(await deps.comments.list(call.user, () => videoId(call.req.params.id), () => call.query))
  })

  routes.add('comments.create', async (call) => {
    const result = await deps.comments.post(call.user, () => videoId(call.req.params.id), () => call.body)
    call.res.status(result.created ? 201 : 200).json({ data: result.comment })
  })
}
