/**
 * Service-worker side of downloads: `/offline-media/<videoId>/…` is answered from the downloads cache
 * (read through data/downloads/offline-media-cache.ts) and from nowhere else. Streamed (not downloaded)
 * media is never written into that cache, so downloads alone decide what it holds. Byte ranges (Safari
 * asks for them, even `bytes=0-1`) are cut from the cached bytes.
 */
import { createPartialResponse } from 'workbox-range-requests'
import { storedOfflineMedia } from '../data/downloads/offline-media-cache.ts'

export async function answerOfflineMedia(request: Request): Promise<Response> {
  const cached = await storedOfflineMedia(request.url)
  if (!cached) return new Response('Not downloaded', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return request.headers.has('range') ? createPartialResponse(request, cached) : cached
}
