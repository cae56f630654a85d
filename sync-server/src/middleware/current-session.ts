import type { Request } from 'express'
import { unauthorized } from '../errors.ts'

/** The session (its token hash) of a request that passed `requireUser`: media grants are bound to it. */
export function currentSession(req: Request): string {
  if (!req.tokenHash) throw unauthorized()
  return req.tokenHash
}
