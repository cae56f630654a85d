/**
 * Registers the service worker once the page has loaded (so it never competes with the first paint)
 * and remembers a new version that is waiting. The "new version is ready" prompt reads this; the new
 * version takes over only when the person asks (applyUpdate), never in the middle of a video.
 */
import { isPreLaunchPage } from '../public/pre-launch-page.ts'

const UPDATE_CHECK_MS = 60 * 60_000

let waiting: ServiceWorker | null = null
let registering = false
const listeners = new Set<() => void>()

function offer(worker: ServiceWorker | null) {
  // Only an update has a controller already; the very first install needs no prompt.
  if (!worker || !navigator.serviceWorker.controller) return
  waiting = worker
  for (const listener of listeners) listener()
}

export function registerServiceWorker(): void {
  // Both entry.ts (on a prerendered page, before the app loads) and main.tsx ask: once is enough.
  if (registering || !('serviceWorker' in navigator)) return
  // A deployment not yet open installs no worker from its landing: the worker would answer the next
  // visit with its precached (open) landing page instead of the server's pre-launch one.
  if (isPreLaunchPage()) return
  registering = true
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        offer(registration.waiting)
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer(installing)
          })
        })
        // An installed app can stay open for days: look for a new version now and then.
        setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS)
      })
      .catch((error: unknown) => console.warn('Service worker registration failed', error))
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}

export function waitingWorker(): ServiceWorker | null {
  return waiting
}

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function dismissUpdate(): void {
  waiting = null
  for (const listener of listeners) listener()
}

export function applyUpdate(): void {
  const worker = waiting
  if (!worker) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  worker.postMessage({ type: 'SKIP_WAITING' })
}
