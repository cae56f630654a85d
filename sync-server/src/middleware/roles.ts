/**
 * The contributor and admin gates, put on a route by its role in the route table (routes/role-gates.ts)
 * right after sign-in, so a refusal (403) comes before any word about the body, query or id (422, 404).
 * The services check again; these only fix the order.
 */
import type { NextFunction, Request, Response } from 'express'
import { requireAdmin, requireContributor } from '../rules/contributor-roles.ts'
import { currentUser } from './authenticate.ts'

export function adminsOnly(req: Request, _res: Response, next: NextFunction) {
  requireAdmin(currentUser(req))
  next()
}

export function contributorsOnly(req: Request, _res: Response, next: NextFunction) {
  requireContributor(currentUser(req))
  next()
}
