/**
 * The gate of each role of the route table (contract/routes.ts), put on every route by the registrar
 * (route.ts) right after the route's guards, so a refusal (401, 403) comes before any word about the
 * body, query or id (422, 404): a caller without the role learns nothing about the call's shape. The
 * services check again; the gates fix the order and make the table the authority.
 *
 * Roles whose permission is in the request rather than in a session have no gate here: `grant` (the
 * signed grant names the file, so the handler checks it with the file) and `stripe` (the signature
 * covers the raw body, checked once it is read).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { ERROR_CODES } from '../../../contract/index.ts'
import { ROUTES, type RouteName, type RouteRole } from '../../../contract/routes.ts'
import { ApiError } from '../errors.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { loopbackOnly } from '../middleware/loopback-only.ts'
import { adminsOnly, contributorsOnly } from '../middleware/roles.ts'

function premiumOnly(refused: string, admins: boolean): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const user = currentUser(req)
    if (user.is_premium !== 1 && !(admins && user.is_admin === 1)) throw new ApiError(403, ERROR_CODES.premiumRequired, refused)
    next()
  }
}

/** The gate handlers of a route's role; `signIn` authenticates the bearer token (middleware/authenticate.ts). */
export function roleGates(name: RouteName, signIn: RequestHandler): RequestHandler[] {
  const spec: { role: RouteRole; refused?: string } = ROUTES[name]
  const refused = spec.refused ?? 'This is for premium members.'
  switch (spec.role) {
    case 'public':
    case 'grant':
    case 'stripe':
      return []
    case 'loopback':
      return [loopbackOnly(spec.refused ?? 'This route answers only requests from this machine (development mode).')]
    case 'signed_in':
      return [signIn]
    case 'premium':
      return [signIn, premiumOnly(refused, false)]
    case 'premium_or_admin':
      return [signIn, premiumOnly(refused, true)]
    case 'contributor':
      return [signIn, contributorsOnly]
    case 'admin':
      return [signIn, adminsOnly]
  }
}
