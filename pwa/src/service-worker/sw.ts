/**
 * The service worker. It precaches the app shell (every built file: HTML, JS chunks including the
 * translation chunks, CSS, icons and flags), answers every navigation with index.html so the installed
 * app starts offline, and caches at run time what the shell needs from the network: the language list
 * (network first, so it is fresh when possible), flags, and thumbnails and posters (stale while
 * revalidate, so lists seen online show their pictures offline). /api and /media navigations never get the
 * shell, and downloaded videos come from their own cache. A new version waits until the page asks it to
 * take over (the "new version" prompt).
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { API_BASE } from '../../../contract/limits.ts'
import { ROUTES } from '../../../contract/routes.ts'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { DATABASE_NAME, finishBackgroundDownload, withDownloadsTable, type BackgroundFetchedEvent } from '../data/downloads/background-finish.ts'
import { routeAroundWorker } from './network-only.ts'
import { answerOfflineMedia } from './offline-media.ts'
import { isOfflineMedia } from '../data/downloads/offline-urls.ts'
import { ignoreQueryInCacheKey, isThumbnail, THUMBNAIL_MAX_AGE_SECONDS, THUMBNAIL_MAX_ENTRIES } from './thumbnails.ts'
import { THUMBNAIL_CACHE } from '../data/downloads/thumbnail-cache.ts'
import { CARD_AUDIO_CACHE, CARD_AUDIO_MAX_ENTRIES, cardAudioKey, isCardAudio } from '../data/cards/card-audio-cache.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

// Streamed media and download parts go straight to the network, past this worker (service-worker/network-only.ts).
self.addEventListener('install', (event) => void routeAroundWorker(event, self as unknown as Parameters<typeof routeAroundWorker>[1]))

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/offline-media\//],
  }),
)

// Downloaded videos: answered from their own cache only (see service-worker/offline-media.ts).
registerRoute(
  ({ url }) => isOfflineMedia(url, self.location.origin),
  ({ request }) => answerOfflineMedia(request),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname === API_BASE + ROUTES['languages.list'].path,
  new NetworkFirst({
    cacheName: 'api-languages',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
)

registerRoute(
  ({ url }) => url.origin === self.location.origin && /_flag\.svg$/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'flags',
    plugins: [new ExpirationPlugin({ maxEntries: 50 })],
  }),
)

// Thumbnails and posters: the picture shapes under /media only (service-worker/thumbnails.ts), never its HLS
// files, so streamed media is never cached. Registered after the downloads route, which keeps first say.
registerRoute(
  ({ url }) => isThumbnail(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: THUMBNAIL_CACHE,
    plugins: [
      ignoreQueryInCacheKey,
      new ExpirationPlugin({ maxEntries: THUMBNAIL_MAX_ENTRIES, maxAgeSeconds: THUMBNAIL_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
)

// Saved lines' clips (issue 43): kept once fetched, under their URL without the grant, so a line heard
// once plays again with no signal; a clip never changes, so the cache answers first.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isCardAudio(url, self.location.origin),
  new CacheFirst({
    cacheName: CARD_AUDIO_CACHE,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => cardAudioKey(request.url) },
      new ExpirationPlugin({ maxEntries: CARD_AUDIO_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
)

// Translation files, should any be served as JSON rather than bundled chunks.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/locales\/.+\.json$/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'translations' }),
)

// Downloads the browser fetched in the background, with or without a tab open (data/downloads/background-finish.ts).
for (const [type, outcome] of [['backgroundfetchsuccess', 'success'], ['backgroundfetchfail', 'failure']] as const) {
  self.addEventListener(type, (event) => {
    const fetched = event as unknown as BackgroundFetchedEvent
    fetched.waitUntil(withDownloadsTable(DATABASE_NAME, (table) => finishBackgroundDownload(fetched, outcome, { table })))
  })
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting()
})

// On the very first install there is no older version to disturb, so the page is taken over at once
// and runtime caching starts on the first visit. Later versions still wait for the prompt.
clientsClaim()
