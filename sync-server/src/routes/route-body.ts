/**
 * The body reader each route's entry names (contract/routes.ts), put on by the route registrar
 * (route.ts):
 * - `json`: the API's JSON reader with the entry's limit, first (before the role check, as the API always
 *   read it: it is small and bounded);
 * - `none`: on the API router the JSON reader with the API's limit too (a body is read and ignored, as
 *   on every API call); ahead of it nothing;
 * - `raw` and `multipart`: read when every other handler has let the request through (never stored for
 *   a caller refused), just before the route's own handler, which finds the bytes in `req.body` (raw) or
 *   the form through `formOf(req)` (multipart); a form's temp files are removed once that handler ends.
 * - `tus`: the tus server's own.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { ERROR_CODES, JSON_BODY_MAX_BYTES } from '../../../contract/index.ts'
import { ROUTES, type RouteName } from '../../../contract/routes.ts'
import { jsonBody } from '../body-readers/json.ts'
import { readMultipart, type FileSpec, type MultipartResult } from '../body-readers/multipart.ts'
import { readRawBody } from '../body-readers/raw.ts'
import { ApiError } from '../errors.ts'

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

/** The readers that run first, before any guard or role: JSON bodies (and, on the API router, every body). */
export function leadingReaders(name: RouteName, onApi: boolean): RequestHandler[] {
  const body = ROUTES[name].body
  if (body.kind === 'json') return [jsonBody(body.limitBytes)]
  return body.kind === 'none' && onApi ? [apiJsonBody] : []
}

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
export function withBody(name: RouteName, handler: RequestHandler, form: FormOptions | undefined): RequestHandler {
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
