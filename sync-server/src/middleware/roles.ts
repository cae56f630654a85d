/**
 * Role gates for routes, placed right after sign-in so a refusal (403) comes before any word about
 * the body, query or id (422, 404): a caller without the role learns nothing about the call's shape.
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
