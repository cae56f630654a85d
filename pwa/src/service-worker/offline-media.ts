/**
 * Service-worker side of downloads: `/offline-media/<videoId>/…` is answered from the downloads cache
 * and from nowhere else. Streamed (not downloaded) media is never written into that cache, so
 * downloads alone decide what it holds. Byte ranges (Safari asks for them, even `bytes=0-1`) are cut
 * from the cached bytes.
 */
import { createPartialResponse } from 'workbox-range-requests'
import { OFFLINE_MEDIA_CACHE } from '../data/downloads/offline-urls.ts'

export async function answerOfflineMedia(request: Request): Promise<Response> {
  const cache = await caches.open(OFFLINE_MEDIA_CACHE)
  const cached = await cache.match(request.url, { ignoreSearch: true, ignoreVary: true })
  if (!cached) return new Response('Not downloaded', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return request.headers.has('range') ? createPartialResponse(request, cached) : cached
}
