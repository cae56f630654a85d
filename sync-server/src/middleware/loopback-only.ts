/**
 * Development conveniences (the code outbox, the local billing provider) answer only a person on this
 * machine. The socket's own address decides, never req.ip: with TRUST_PROXY, req.ip comes from
 * X-Forwarded-For, which any client may write. A request that carries forwarding headers came through
 * a proxy, so even on a loopback socket (a proxy on the same machine) it is someone else's request.
 */
import type { NextFunction, Request, Response } from 'express'
import { forbidden } from '../errors.ts'

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip']

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
  return v4.startsWith('127.') || address === '::1'
}

export function isLoopbackRequest(req: Request): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined)
}

/** Refuses a request from anywhere but this machine with `refused`, the 403's sentence. */
export function loopbackOnly(refused: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (isLoopbackRequest(req)) return next()
    next(forbidden(refused))
  }
}
