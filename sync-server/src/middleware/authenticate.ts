/**
 * Bearer authentication. `requireUser` answers 401 for a missing, unknown, expired or revoked token,
 * and keeps the user's reported time zone (X-Time-Zone) up to date.
 */
import type { NextFunction, Request, Response } from 'express'
import { unauthorized } from '../errors.ts'
import { andThen, isPromise, type MaybePromise } from '../maybe-promise.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { Authenticated, AuthService } from '../services/auth.service.ts'
import type { SecondsOnDay, UsersService } from '../services/users.service.ts'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: UserRow
      tokenHash?: string
      /** Today's watch seconds in the request's zone, read with the session (`requireUser` with `withToday`). */
      watchedToday?: SecondsOnDay
    }
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/

/**
 * Synchronous where the lookups are (SQLite, no renewal, no new zone): no promise is made, no
 * microtask waited for (maybe-promise.ts). A promise returned from here is the router's to reject into
 * the error handler. `withToday`: today's watch seconds in the request's zone are read with the session
 * (`req.watchedToday`), for the daily progress the app polls.
 */
export function requireUser(auth: AuthService, users: UsersService, options: { withToday?: boolean } = {}) {
  const withToday = options.withToday === true
  const admit = (req: Request, next: NextFunction, found: Authenticated | undefined): MaybePromise<void> => {
    if (!found) return next(unauthorized())
    req.tokenHash = found.tokenHash
    if (found.watchedToday) req.watchedToday = found.watchedToday
    const user = users.noteTimeZone(found.user, req.get('x-time-zone'))
    if (isPromise(user)) {
      return user.then((noted) => {
        req.user = noted
        next()
      })
    }
    req.user = user
    next()
  }
  return (req: Request, _res: Response, next: NextFunction): MaybePromise<void> => {
    const match = BEARER.exec(req.get('authorization') ?? '')
    if (!match) return next(unauthorized())
    return andThen(auth.authenticate(match[1], withToday ? req.get('x-time-zone') : undefined), (found) => admit(req, next, found))
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw unauthorized()
  return req.user
}
