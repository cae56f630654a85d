/**
 * Registers a route of the contract's table (contract/routes.ts) by its name: the method, the path and
 * the body reader come from the table, never typed twice. `on` adds it to the API router (paths under
 * API_BASE); `early` adds it to the app itself, ahead of the API router (the hot path, and bodies that
 * are not JSON, with the API's prelude of logging and headers given in the handlers). Each name
 * registered is noted per router, so the app can say which of the table's routes it serves
 * (registeredRoutes).
 *
 * The reader, by the entry's body:
 * - `json`: the API's JSON reader with the entry's limit, first (before the role check, as the API always
 *   read it: it is small and bounded);
 * - `none`: on the API router the JSON reader with the API's limit too (a body is read and ignored, as
 *   on every API call); on the app nothing;
 * - `raw` and `multipart`: read when every other handler has let the request through (never stored for
 *   a caller refused), just before the route's own handler, which finds the bytes in `req.body` (raw) or
 *   the form through `formOf(req)` (multipart); a form's temp files are removed once that handler ends.
 * - `tus`: the tus server's own (`served`).
 */
import type { Express, NextFunction, Request, RequestHandler, Response, Router } from 'express'
import { API_BASE, ERROR_CODES, JSON_BODY_MAX_BYTES } from '../../../contract/index.ts'
import { ROUTES, type RouteName } from '../../../contract/routes.ts'
import { jsonBody } from '../body-readers/json.ts'
import { readMultipart, type FileSpec, type MultipartResult } from '../body-readers/multipart.ts'
import { readRawBody } from '../body-readers/raw.ts'
import { ApiError } from '../errors.ts'

const registered = new WeakMap<object, Set<RouteName>>()

function note(target: object, name: RouteName) {
  let names = registered.get(target)
  if (!names) registered.set(target, (names = new Set()))
  names.add(name)
}

type Verb = 'get' | 'post' | 'patch' | 'put' | 'delete'
const verbOf = (name: RouteName) => ROUTES[name].method.toLowerCase() as Verb

/** What a multipart route tells its reader beyond the contract: where files go, how each is typed, its 413 and 415. */
export interface FormOptions {
  dir: string
  sniff: Record<string, FileSpec<{ type: string; ext: string }>['sniff']>
  /** A file past its limit, or the body past every limit together: answered at that byte. */
  tooLarge: () => ApiError
  /** A file of a type its sniffer refuses: answered at its first bytes. */
  badType: () => ApiError
}

const forms = new WeakMap<Request, MultipartResult>()

/** The form a multipart route's reader read (only in that route's own handler). */
export function formOf(req: Request): MultipartResult {
  const form = forms.get(req)
  if (!form) throw new Error('formOf: this route has no multipart body in the route table')
  return form
}

/** The JSON reader every API call gets (its unmatched paths too, ahead of their 404). */
export const apiJsonBody = jsonBody(JSON_BODY_MAX_BYTES)

const UTF8_OR_NO_CHARSET = /^[^;]*(;\s*charset\s*=\s*"?utf-?8"?\s*)?$/i

function refuseOtherTypes(name: RouteName, req: Request) {
  const body = ROUTES[name].body
  if (body.kind !== 'raw' || !body.types) return
  const type = req.headers['content-type'] ?? ''
  if (!req.is([...body.types]) || !UTF8_OR_NO_CHARSET.test(type)) throw new ApiError(415, ERROR_CODES.unsupportedMediaType, body.refused ?? 'Unsupported media type.')
}

/**
 * A raw route's check of the body's type (the entry's `types`, 415), for a route that says it before its
 * other checks; the reader checks it again in any case.
 */
export function bodyTypeCheck(name: RouteName): RequestHandler {
  return (req, _res, next) => {
    refuseOtherTypes(name, req)
    next()
  }
}

/** The route's own handler, run with its body read first (raw, multipart), the reader from the entry. */
function withBody(name: RouteName, handler: RequestHandler, form: FormOptions | undefined): RequestHandler {
  const body = ROUTES[name].body
  if (body.kind === 'raw') {
    return async (req: Request, res: Response, next: NextFunction) => {
      refuseOtherTypes(name, req)
      req.body = await readRawBody(req, body.limitBytes, () => new ApiError(413, ERROR_CODES.tooLarge, body.tooLarge))
      return handler(req, res, next)
    }
  }
  if (body.kind === 'multipart') {
    if (!form) throw new Error(`${name}: a multipart route is registered with its FormOptions`)
    const files = Object.fromEntries(
      Object.entries(body.files).map(([field, maxBytes]) => {
        const sniff = form.sniff[field]
        if (!sniff) throw new Error(`${name}: no sniffer for the file ${field}`)
        return [field, { maxBytes, sniff }]
      }),
    )
    return async (req: Request, res: Response, next: NextFunction) => {
      const read = await readMultipart(req, { dir: form.dir, files, tooLarge: form.tooLarge, badType: form.badType })
      forms.set(req, read)
      try {
        return await handler(req, res, next)
      } finally {
        read.cleanup()
      }
    }
  }
  return handler
}

function handlersOf(name: RouteName, onApi: boolean, args: Array<RequestHandler | FormOptions>): RequestHandler[] {
  const form = args.find((arg): arg is FormOptions => typeof arg !== 'function')
  const handlers = args.filter((arg): arg is RequestHandler => typeof arg === 'function')
  const body = ROUTES[name].body
  const last = handlers.pop()
  if (!last) throw new Error(`${name}: no handler`)
  const reader = body.kind === 'json' ? [jsonBody(body.limitBytes)] : body.kind === 'none' && onApi ? [apiJsonBody] : []
  return [...reader, ...handlers, withBody(name, last, form)]
}

/** A route on the API router. */
export function on(router: Router, name: RouteName, ...handlers: RequestHandler[]) {
  note(router, name)
  router[verbOf(name)](ROUTES[name].path, ...handlersOf(name, true, handlers))
}

/** A route on the app, ahead of the API router; a multipart route passes its FormOptions among the handlers. */
export function early(app: Express, name: RouteName, ...handlers: Array<RequestHandler | FormOptions>) {
  note(app, name)
  app[verbOf(name)](API_BASE + ROUTES[name].path, ...handlersOf(name, false, handlers))
}

/** Notes a route the app serves by other means (the tus server's own methods). */
export function served(target: object, name: RouteName) {
  note(target, name)
}

/** The table's routes registered on these routers and apps. */
export function registeredRoutes(...targets: object[]): RouteName[] {
  return [...new Set(targets.flatMap((target) => [...(registered.get(target) ?? [])]))].sort()
}
