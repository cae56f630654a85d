/**
 * Reading the downloads' Cache Storage, for the service worker (answering `/offline-media/…`) and for
 * the video page (whether a download stored its poster). Only download-run.ts and background-finish.ts
 * write it.
 */
import { OFFLINE_MEDIA_CACHE, offlinePosterUrl } from './offline-urls.ts'

/** The stored answer for a URL under `/offline-media/`, whatever its query, or undefined. */
export async function storedOfflineMedia(url: string): Promise<Response | undefined> {
  const cache = await caches.open(OFFLINE_MEDIA_CACHE)
  return cache.match(url, { ignoreSearch: true, ignoreVary: true })
}

/** The poster a download stored, as the URL the worker answers it at; null when there is none (or no Cache Storage). */
export async function storedPosterUrl(videoId: number): Promise<string | null> {
  if (typeof caches === 'undefined') return null
  const url = offlinePosterUrl(videoId)
  const cache = await caches.open(OFFLINE_MEDIA_CACHE)
  return (await cache.match(url)) ? url : null
}
