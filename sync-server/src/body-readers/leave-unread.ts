/**
 * A body refused before its end is not read any further (issue 45: without nginx in front, an
 * 800 MB file part was read to its end before the 422, a 300 MB video before the 413). Pausing alone
 * is not enough: once the answer is written, Node reads whatever the client still sends, to keep the
 * connection for the next request. `Connection: close` on the answer makes Node close the socket
 * once the answer is out instead, so a client still sending learns at once (its next write fails)
 * and the refusal, already on the wire, is what it reads.
 */
import type { Request } from 'express'

export function leaveUnread(req: Request): void {
  req.unpipe()
  req.pause()
  const res = req.res
  if (res && !res.headersSent) res.setHeader('Connection', 'close')
}
