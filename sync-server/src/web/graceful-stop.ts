/**
 * How an API process stops on SIGTERM without failing a request behind nginx (issue 47):
 * 1. From the signal on, every answer carries `Connection: close`, so each keep-alive connection nginx
 *    holds to us is closed by us right after an answer, never while nginx may be writing a request on
 *    it (a POST lost on a connection closed under it is a 502: nginx retries only what it has not sent).
 * 2. The listener stops at once: a new connection is refused, which nginx retries on the next process
 *    (`proxy_next_upstream error`) and counts against this one. The open connections are left to finish
 *    (http.Server.close would close the idle ones at once, racing such a request).
 * 3. Idle connections are closed after `idleMs` (by then nginx has stopped choosing this process), and
 *    whatever is still open at `graceMs` is cut: a tus PATCH cut short resumes from its offset on
 *    another process (the client asks HEAD, then sends the rest).
 * Then the caller hands back its jobs and closes the database.
 */
import type http from 'node:http'
import net from 'node:net'
import type { NextFunction, Request, Response } from 'express'

export function createGracefulStop(options: { graceMs: number; idleMs?: number }) {
  let stopping = false
  // Answers not yet begun when the stop comes get the header too.
  const inFlight = new Set<Response>()
  return {
    get stopping() {
      return stopping
    },
    /** Ahead of every route. */
    middleware(_req: Request, res: Response, next: NextFunction) {
      if (stopping) res.setHeader('Connection', 'close')
      else {
        inFlight.add(res)
        res.on('close', () => inFlight.delete(res))
      }
      next()
    },
    /** Resolves once every connection has ended, or been cut at the bound. */
    async stop(server: http.Server): Promise<void> {
      stopping = true
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
      const idle = setTimeout(() => server.closeIdleConnections(), options.idleMs ?? 1000)
      const cut = setTimeout(() => server.closeAllConnections(), options.graceMs)
      try {
        // net.Server's close: stop listening, call back when the last connection has ended.
        await new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()))
      } finally {
        clearTimeout(idle)
        clearTimeout(cut)
      }
    },
  }
}
