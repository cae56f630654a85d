/**
 * Bearer authentication. `requireUser` answers 401 for a missing, unknown, expired or revoked token,
 * and keeps the user's reported time zone (X-Time-Zone) up to date.
 */
import type { NextFunction, Request, Response } from 'express'
import { unauthorized } from '../errors.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { AuthService } from '../services/auth.service.ts'
import type { UsersService } from '../services/users.service.ts'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: UserRow
      tokenHash?: string
    }
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/

export function requireUser(auth: AuthService, users: UsersService) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const match = BEARER.exec(req.get('authorization') ?? '')
    const found = match ? await auth.authenticate(match[1]) : undefined
    if (!found) return next(unauthorized())
    req.user = await users.noteTimeZone(found.user, req.get('x-time-zone'))
    req.tokenHash = found.tokenHash
    next()
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw unauthorized()
  return req.user
}
