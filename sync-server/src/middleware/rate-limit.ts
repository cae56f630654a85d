import { rateLimit } from 'express-rate-limit'
import { rateLimited } from '../errors.ts'

/** A per-IP limit that answers in the contract's shape with Retry-After. */
export function perIpLimit(options: { windowMs: number; limit: number; message: string }) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, _res, next) => {
      const info = (req as typeof req & { rateLimit?: { resetTime?: Date } }).rateLimit
      const reset = info?.resetTime?.getTime() ?? Date.now() + options.windowMs
      next(rateLimited((reset - Date.now()) / 1000, options.message))
    },
  })
}
