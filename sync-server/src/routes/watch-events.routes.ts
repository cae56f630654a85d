import type { RequestHandler, Router } from 'express'
import { watchEventsBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import { sendJson } from '../web/send-json.ts'
import type { WatchEventsIngest } from '../watch-ingest/ingest.ts'
import { on } from './route.ts'

export function watchEventsRoutes(router: Router, deps: { watchEvents: Pick<WatchEventsIngest, 'ingest'>; requireUser: RequestHandler }) {
  on(router, 'watchEvents.create', deps.requireUser, async (req, res) => {
    const { events } = parseWith(watchEventsBodySchema, req.body)
    sendJson(res, { data: await deps.watchEvents.ingest(currentUser(req), events) })
  })
}
