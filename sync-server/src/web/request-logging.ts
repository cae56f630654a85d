import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import type { Logger } from 'pino'
import { lineWriter } from '../logger.ts'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id?: string
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/
// Ids are unique per process start plus a counter: as useful in logs as a UUID, without drawing
// random bytes on every call.
const BOOT_ID = randomBytes(6).toString('base64url')
let sequence = 0
// Probes: a load balancer or supervisor asks these every few seconds.
const QUIET_PATHS = new Set(['/api/v1/health', '/api/v1/health/live', '/api/v1/health/ready'])

/**
 * One log line per API request, written when the response finishes, with a request id (taken from a
 * well-formed X-Request-Id or made here, and echoed back). Only method, path, status and duration are
 * logged: no headers, bodies or query strings, so no token or code reaches the logs. Kept to one
 * closure and one listener because it runs on every call, and its line is written ready-made
 * (lineWriter): the id is ours or matched REQUEST_ID, the method is a token Node checked, the path is
 * escaped, so the line is always valid JSON.
 */
export function requestLogging(logger: Logger) {
  const writeLine = lineWriter(logger)
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers['x-request-id']
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : `${BOOT_ID}-${(++sequence).toString(36)}`
    req.id = id
    res.setHeader('X-Request-Id', id)
    const path = req.originalUrl.split('?', 1)[0]
    if (QUIET_PATHS.has(path)) return next()
    const started = performance.now()
    // `on`, not `once`: finish comes once, and `once` wraps the listener in another closure.
    res.on('finish', () => {
      const status = res.statusCode
      // A 5xx that is the server's known state (payments not set up: errors.ts `expected`) is a warning.
      const level = status >= 500 && res.locals.expectedFailure !== true ? 'error' : status >= 400 ? 'warn' : 'info'
      writeLine(level, `"reqId":"${id}","method":"${req.method}","path":${JSON.stringify(path)},"status":${status},"ms":${Math.round(performance.now() - started)}`, 'request')
    })
    next()
  }
}
