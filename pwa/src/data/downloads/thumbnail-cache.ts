/**
 * Where the service worker keeps the thumbnails and posters it has shown (service-worker/thumbnails.ts
 * fills it), named here so that the page's side (a download's poster) reads the same cache by the same key.
 */
export const THUMBNAIL_CACHE = 'thumbnails'

/** The URL a picture is stored and looked up under: without query or fragment. */
export function thumbnailCacheKey(url: string): string {
  const key = new URL(url)
  key.search = ''
  key.hash = ''
  return key.href
}
