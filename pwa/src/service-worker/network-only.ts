/**
 * Requests the worker never sees: streamed media and download parts (`/media/v/<media key>/…?grant=…`,
 * and `/media/g/<grant>/…`, the shape of URLs handed out before the grant moved to the query). The
 * worker answers none of them (sw.ts sends them to the network untouched), yet with a fetch handler
 * the browser hands every request to the worker first, and waits for it to decline (and to start,
 * when it was idle) before the request leaves. Chromium's static routing (InstallEvent.addRoutes)
 * lets the browser send these straight to the network. Browsers without it keep the old path.
 * Thumbnails (`/media/<key>/<picture>`) are under neither and stay with the worker's cache.
 */
export const NETWORK_ONLY_PATHNAMES = ['/media/v/*', '/media/g/*']

interface RouterRule {
  condition: { urlPattern: unknown }
  source: 'network'
}
/** The install event as far as this needs it (typed here: the page's and the worker's libs differ). */
interface InstallLike {
  waitUntil(promise: Promise<unknown>): void
}
type RoutableInstallEvent = InstallLike & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> }

export function routeAroundWorker(event: InstallLike, scope: { URLPattern?: new (input: { pathname: string }) => unknown }): boolean {
  const { addRoutes } = event as RoutableInstallEvent
  if (typeof addRoutes !== 'function' || typeof scope.URLPattern !== 'function') return false
  // A browser that refuses the rule still installs the worker: the requests then pass through it.
  const rules = NETWORK_ONLY_PATHNAMES.map((pathname): RouterRule => ({ condition: { urlPattern: new scope.URLPattern!({ pathname }) }, source: 'network' }))
  event.waitUntil(addRoutes.call(event, rules).catch(() => undefined))
  return true
}
