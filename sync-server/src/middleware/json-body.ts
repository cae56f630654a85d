import express, { type NextFunction, type Request, type Response } from 'express'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

/**
 * JSON bodies for the API: anything else that carries a body is refused with 415 before it is read,
 * and the parser's own size limit answers 413.
 */
export function jsonBody(limit: string) {
  const parse = express.json({ limit, strict: true })
  return (req: Request, res: Response, next: NextFunction) => {
    if (!METHODS_WITH_BODY.has(req.method)) return next()
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
    if (hasBody && !req.is('application/json')) {
      return next(new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the body as application/json.'))
    }
    parse(req, res, next)
  }
}
