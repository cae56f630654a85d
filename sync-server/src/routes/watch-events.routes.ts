import { sendJson } from '../web/send-json.ts'
import type { WatchEventsIngest } from '../watch-ingest/ingest.ts'
import type { Routes } from './route.ts'

export function watchEventsRoutes(routes: Routes, deps: { watchEvents: Pick<WatchEventsIngest, 'ingest'> }) {
  routes.add('watchEvents.create', async ({ res, user, body }) => {
    sendJson(res, { data: await deps.watchEvents.ingest(user, body.events) })
  })
}
