import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

/**
 * One log line per API request with a request id (echoed as X-Request-Id). Only method, path and
 * status are logged: no headers, bodies or query strings, so no token or code reaches the logs.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers['x-request-id']
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
      res.setHeader('X-Request-Id', id)
      return id
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    autoLogging: { ignore: (req) => req.url === '/api/v1/health' },
  })
}
