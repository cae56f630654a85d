/**
 * Service-worker side of thumbnails and posters: `/media/<media key>/<picture>` (public, served with
 * max-age one day) is cached at run time, stale-while-revalidate, so a list or page seen online shows
 * its pictures offline. Only that exact shape matches: the HLS files live under `/media/v/<media key>/…`
 * and never do, so streamed media is never written into a cache, and downloads keep their own route.
 * The cache key leaves out any query string, so a picture is kept once however its URL is decorated.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js'
import { thumbnailCacheKey } from '../data/downloads/thumbnail-cache.ts'

/** Bounds of the thumbnails cache: a few pages of lists, refreshed whenever shown online. */
export const THUMBNAIL_MAX_ENTRIES = 300
export const THUMBNAIL_MAX_AGE_SECONDS = 30 * 24 * 3600

// As the server names them (sync-server/src/media/media-server.ts: a 32-hex media key, one picture).
const PICTURE_PATH = /^\/media\/[a-f0-9]{32}\/[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png|webp)$/

export function isThumbnail(url: URL, origin: string): boolean {
  return url.origin === origin && PICTURE_PATH.test(url.pathname)
}


export const ignoreQueryInCacheKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => thumbnailCacheKey(request.url),
}
