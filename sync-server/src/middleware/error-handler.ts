/**
 * The one place errors become answers, always in the contract's shape. Client mistakes (bad JSON, too
 * large, wrong type) get their 4xx; anything unexpected is logged and answers a bare 500.
 */
import type { NextFunction, Request, Response } from 'express'
import type { Logger } from 'pino'
import { ERROR_CODES, type ApiErrorBody } from '../../../contract/index.ts'
import { ApiError, bodyErrors } from '../errors.ts'

interface HttpParserError {
  type?: string
  status?: number
  expose?: boolean
}

function fromParserError(error: HttpParserError): ApiError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return bodyErrors.malformedJson()
    case 'entity.too.large':
      return bodyErrors.tooLarge()
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return bodyErrors.notUtf8Json()
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return bodyErrors.unreadable()
    default:
      // Express and its parsers mark client mistakes with a 4xx status (e.g. a path parameter that
      // is not valid percent-encoding); those are the client's, never a 5xx.
      if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
        return new ApiError(error.status, 'bad_request', 'The request could not be read.')
      }
      return undefined
  }
}

/**
 * The browser closed the connection before the answer was written (a tab closed mid-download): nothing
 * is wrong on our side and nobody is left to answer. Express's sendFile reports it as ECONNABORTED.
 */
function clientWentAway(error: unknown, req: Request): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ECONNABORTED' || ((code === 'ECONNRESET' || code === 'EPIPE') && req.socket.destroyed)
}

export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (clientWentAway(error, req)) {
      logger.info({ reqId: req.id, method: req.method, path: req.originalUrl.split('?', 1)[0] }, 'client went away before the answer was sent')
      if (!res.destroyed) res.destroy()
      return
    }
    if (res.headersSent) return next(error)
    const known = error instanceof ApiError ? error : fromParserError(error as HttpParserError)
    if (!known || (known.status >= 500 && !known.expected)) {
      logger.error({ err: known?.cause ?? error, reqId: req.id }, known ? known.message : 'unhandled error')
    }
    const apiError = known ?? new ApiError(500, ERROR_CODES.internal, 'Something went wrong on our side.')
    const body: ApiErrorBody = { ...apiError.extra, error: apiError.code, message: apiError.message }
    if (apiError.errors) body.errors = apiError.errors
    if (apiError.headers) res.set(apiError.headers)
    if (apiError.expected) res.locals.expectedFailure = true
    res.status(apiError.status).json(body)
  }
}

export function apiNotFound(req: Request, _res: Response, next: NextFunction) {
  next(new ApiError(404, ERROR_CODES.notFound, `No such endpoint: ${req.method} ${req.baseUrl}${req.path}`))
}
