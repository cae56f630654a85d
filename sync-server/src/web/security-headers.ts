import helmet from 'helmet'

/**
 * A strict Content-Security-Policy: everything from our own origin, no inline script or style, no
 * plugins, no framing. Media and workers may use blob: URLs (hls.js feeds MediaSource through them).
 */
export function securityHeaders(options: { https: boolean }) {
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
