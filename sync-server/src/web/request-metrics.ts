/**
 * Counts and times every request by route name (metrics/metrics.ts): the name from the contract's
 * table, which routes/route.ts notes on the response as the route's first handler; what is not in the
 * table under a few fixed names. Never the path: ids in paths would make a series per video.
 */
import type { NextFunction, Request, Response } from 'express'
import { API_BASE, UPLOADS_PATH } from '../../../contract/index.ts'
import type { Metrics } from '../metrics/metrics.ts'

function unnamed(path: string, status: number): string {
  if (path.startsWith(UPLOADS_PATH)) return 'uploads.tus'
  if (path.startsWith('/media/')) return 'media'
  if (path.startsWith(`${API_BASE}/`)) return status === 404 ? 'api.not_found' : 'api.other'
  return 'pwa'
}

export function requestMetrics(metrics: Metrics) {
  const { requests, requestSeconds } = metrics.http
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now()
    res.on('finish', () => {
      const status = String(res.statusCode)
      const route = typeof res.locals.route === 'string' ? res.locals.route : unnamed(req.originalUrl, res.statusCode)
      requests.inc({ route, method: req.method, status })
      requestSeconds.observe({ route, status }, (performance.now() - started) / 1000)
    })
    next()
  }
}
