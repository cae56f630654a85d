/**
 * What each route answers on success, by route name (routes.ts): the JSON the PWA reads, typed for
 * `call()` (pwa/src/data/api-call.ts) and for the server's handlers to keep to. The types are z.infer of
 * the answer schemas (route-answer-schemas.ts), so they cannot drift from what the answer check of the
 * server's tests parses; this module holds types only, so the PWA loads no zod. A 204 answers `void`; a
 * route that answers a file or the tus protocol is `unknown`.
 */
import type { z } from 'zod'
import type { NO_CONTENT_ROUTES, ROUTE_ANSWER_SCHEMAS } from './route-answer-schemas.ts'
import type { RouteName } from './routes.ts'

type Schemas = typeof ROUTE_ANSWER_SCHEMAS

export type RouteAnswers = { [K in keyof Schemas]: z.infer<Schemas[K]> } & { [K in (typeof NO_CONTENT_ROUTES)[number]]: void }

/** The answer of a route, `unknown` for one the app does not read as JSON. */
export type RouteAnswer<K extends RouteName> = K extends keyof RouteAnswers ? RouteAnswers[K] : unknown
