/**
 * The poster a video page shows: for a finished download, the poster stored with it (answered by the
 * service worker from the downloads cache, with or without a network); otherwise, or when the download
 * could not store one, the video's thumbnail URL.
 */
import { useEffect, useState } from 'react'
import { OFFLINE_MEDIA_CACHE, offlinePosterUrl } from '../../data/downloads/offline-urls.ts'

/**
 * `stored`: the stored poster's URL, null when there is none, undefined while that is still being
 * looked up (no poster then, rather than one URL and then another).
 */
export function choosePoster(thumbnailUrl: string | null, downloaded: boolean, stored: string | null | undefined): string | undefined {
  if (!downloaded) return thumbnailUrl ?? undefined
  if (stored === undefined) return undefined
  return stored ?? thumbnailUrl ?? undefined
}

async function storedPoster(videoId: number): Promise<string | null> {
  if (typeof caches === 'undefined') return null
  const url = offlinePosterUrl(videoId)
  const cache = await caches.open(OFFLINE_MEDIA_CACHE)
  return (await cache.match(url)) ? url : null
}

export function usePoster(videoId: number, thumbnailUrl: string | null, downloaded: boolean): string | undefined {
  const [found, setFound] = useState<{ videoId: number; url: string | null } | null>(null)
  useEffect(() => {
    if (!downloaded) return
    let live = true
    storedPoster(videoId)
      .catch(() => null)
      .then((url) => live && setFound({ videoId, url }))
    return () => {
      live = false
    }
  }, [videoId, downloaded])
  return choosePoster(thumbnailUrl, downloaded, found?.videoId === videoId ? found.url : undefined)
}
