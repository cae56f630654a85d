/**
 * The route registrar: a route module registers a route of the contract's table (contract/routes.ts) by
 * its name, and the table gives everything else: the method and the path, where it is mounted (the API
 * router, or the app ahead of it: the entry's body and `ahead`), the body reader (route-body.ts), the
 * role's gate (role-gates.ts) and the schemas of its body and query (contract/route-schemas.ts). The
 * handler receives a `RouteCall`: the request, the answer, and the input parsed with the route's schemas.
 *
 * The handlers of one route run in this order: ahead of the API router the API's prelude (logging,
 * headers; the API router has its own), the leading reader (JSON), the route's `guards` (rate limits, the disk reserve), the role's
 * gate, the route's `checks` (a path's id, a file's type: refused before a raw or multipart body is
 * read), the raw or multipart reader, and the handler.
 *
 * tus (`uploads.create`) is served by the tus server's own handlers (web/tus-uploads.ts), which check
 * the token and the contributor on every method but the CORS preflight: the registrar notes it only.
 */
import type { Express, NextFunction, Request, RequestHandler, Response, Router } from 'express'
import type { z } from 'zod'
import { API_BASE } from '../../../contract/index.ts'
import { ROUTE_SCHEMAS } from '../../../contract/route-schemas.ts'
import { ROUTES, type RouteName, type RouteSpec } from '../../../contract/routes.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { roleGates } from './role-gates.ts'
import { leadingReaders, withBody, type FormOptions } from './route-body.ts'

type Schemas = typeof ROUTE_SCHEMAS
type SchemaOf<K extends RouteName, Part extends 'body' | 'query'> = K extends keyof Schemas ? (Schemas[K] extends { [P in Part]: infer S extends z.ZodType } ? S : never) : never
type Parsed<K extends RouteName, Part extends 'body' | 'query'> = [SchemaOf<K, Part>] extends [never] ? never : z.output<SchemaOf<K, Part>>
type SignedInRole = 'signed_in' | 'premium' | 'premium_or_admin' | 'contributor' | 'admin'

/** One call of a route, with its input typed by the route's schemas. */
export interface RouteCall<K extends RouteName> {
  req: Request
  res: Response
  next: NextFunction
  /**
   * The JSON body parsed with the route's schema, on first read (422 when it does not fit): a handler
   * reads it where the contract puts that 422, after a 404 of the path or a refusal of the service.
   */
  readonly body: Parsed<K, 'body'>
  /** The query parsed with the route's schema, on first read, as `body`. */
  readonly query: Parsed<K, 'query'>
  /** The signed-in caller (the role's gate admitted them). */
  readonly user: (typeof ROUTES)[K]['role'] extends SignedInRole ? UserRow : never
}

export type RouteHandler<K extends RouteName> = (call: RouteCall<K>) => unknown

export interface RouteOptions {
  /** Run before the role's gate: rate limits, the disk reserve, a guard for development only. */
  guards?: RequestHandler[]
  /** Run after the role's gate and before a raw or multipart body is read: the path's ids, the body's type. */
  checks?: RequestHandler[]
  /** A multipart route's files: where they go and how each is typed. */
  form?: FormOptions
  /** Authenticates in place of the registrar's sign-in (the daily progress reads today's seconds with the session). */
  signIn?: RequestHandler
}

export interface Routes {
  add<K extends RouteName>(name: K, handler: RouteHandler<K>): void
  add<K extends RouteName>(name: K, options: RouteOptions, handler: RouteHandler<K>): void
  /** Notes a route served by other means (the tus server's own methods). */
  served(name: RouteName): void
  /** The table's routes registered, for the authorization matrix to check. */
  registered(): RouteName[]
}

/** Whether the table mounts a route on the app ahead of the API router. */
export function servedAhead(spec: RouteSpec): boolean {
  return spec.ahead === true || (spec.body.kind !== 'json' && spec.body.kind !== 'none')
}

function callOf<K extends RouteName>(name: K, req: Request, res: Response, next: NextFunction): RouteCall<K> {
  const schemas: { body?: z.ZodType; query?: z.ZodType } = (ROUTE_SCHEMAS as Partial<Record<RouteName, { body?: z.ZodType; query?: z.ZodType }>>)[name] ?? {}
  let body: unknown
  let query: unknown
  return {
    req,
    res,
    next,
    get body() {
      if (!schemas.body) throw new Error(`${name}: no body schema in contract/route-schemas.ts`)
      return (body ??= parseWith(schemas.body, req.body)) as Parsed<K, 'body'>
    },
    get query() {
      if (!schemas.query) throw new Error(`${name}: no query schema in contract/route-schemas.ts`)
      return (query ??= parseWith(schemas.query, req.query)) as Parsed<K, 'query'>
    },
    get user() {
      return currentUser(req) as RouteCall<K>['user']
    },
  }
}

function named(name: RouteName): RequestHandler {
  return (_req, res, next) => {
    res.locals.route = name
    next()
  }
}

export function createRoutes(deps: { app: Express; api: Router; signIn: RequestHandler; prelude: RequestHandler[] }): Routes {
  const names = new Set<RouteName>()
  function add<K extends RouteName>(name: K, ...args: [RouteHandler<K>] | [RouteOptions, RouteHandler<K>]) {
    const [options, handler] = args.length === 1 ? [{} as RouteOptions, args[0]] : args
    const spec: RouteSpec = ROUTES[name]
    if (spec.body.kind === 'tus') throw new Error(`${name}: the tus server serves this route (Routes.served)`)
    names.add(name)
    const ahead = servedAhead(spec)
    const own: RequestHandler = (req, res, next) => handler(callOf(name, req, res, next))
    const handlers = [
      // The route's name for the request metrics (web/request-metrics.ts), before anything can refuse it.
      named(name),
      ...(ahead ? deps.prelude : []),
      ...leadingReaders(name, !ahead),
      ...(options.guards ?? []),
      ...roleGates(name, options.signIn ?? deps.signIn),
      ...(options.checks ?? []),
      withBody(name, own, options.form),
    ]
    const verb = spec.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'
    if (ahead) deps.app[verb](API_BASE + spec.path, ...handlers)
    else deps.api[verb](spec.path, ...handlers)
  }
  return {
    add,
    served: (name) => void names.add(name),
    registered: () => [...names].sort(),
  }
}
