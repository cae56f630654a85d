/**
 * How long the HTTP server waits, set on the server itself (main.ts, and the test server alike).
 *
 * A request is cut when its connection is silent, not when it is long: Node's default `requestTimeout`
 * ends any request after 300 s with 408, which cuts a slow but steady upload (a 50 MB application at
 * 1 Mbit/s takes about 7 minutes; a tus PATCH chunk on a phone can take as long). Instead no request
 * has a total limit, and a connection that moves no byte either way for `silenceMs` is closed: a
 * client that went away, or one holding a connection open on purpose, costs at most that long. What a
 * cut costs a tus upload is one chunk (the PWA sends them in chunks); a multipart form is answered 400
 * and its temp file removed. Headers must still arrive within `headersTimeout` (slow-header attacks).
 */
import type { Server } from 'node:http'

/** No byte in either direction for this long closes the connection. */
export const REQUEST_SILENCE_MS = 60_000
/** The request line and headers must be complete within this (Node's default, stated). */
export const HEADERS_TIMEOUT_MS = 60_000

export function applyServerTimeouts(server: Server, options: { silenceMs?: number } = {}) {
  const silenceMs = options.silenceMs ?? REQUEST_SILENCE_MS
  server.requestTimeout = 0
  server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, silenceMs)
  // The socket's idle timer: reset by every byte read or written; unheard, it destroys the socket.
  server.timeout = silenceMs
}
