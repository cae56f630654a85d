import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'

/**
 * Documents (the PWA) get a strict Content-Security-Policy: everything from our own origin, no inline
 * script or style, no plugins, no framing. Media and workers may use blob: URLs (hls.js feeds
 * MediaSource through them).
 */
export function documentSecurityHeaders(options: { https: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? undefined : false,
  })
}

/**
 * API answers are data, never documents: a CSP that allows nothing, no sniffing, no caching, no
 * framing. The headers are fixed, so they are set from one prepared list on every call (this is the
 * hot path; helmet's per-request work is kept for documents).
 */
export function apiSecurityHeaders(options: { https: boolean }) {
  const headers: Array<[string, string]> = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cache-Control', 'no-store'],
  ]
  if (options.https) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value)
    next()
  }
}
