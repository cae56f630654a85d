/**
 * The poster a video page shows: for a finished download, the poster stored with it (answered by the
 * service worker from the downloads cache, with or without a network); otherwise, or when the download
 * could not store one, the video's thumbnail URL.
 */
import { useEffect, useState } from 'react'
import { storedPosterUrl } from '../../data/downloads/offline-media-cache.ts'

/**
 * `stored`: the stored poster's URL, null when there is none, undefined while that is still being
 * looked up (no poster then, rather than one URL and then another).
 */
export function choosePoster(thumbnailUrl: string | null, downloaded: boolean, stored: string | null | undefined): string | undefined {
  if (!downloaded) return thumbnailUrl ?? undefined
  if (stored === undefined) return undefined
  return stored ?? thumbnailUrl ?? undefined
}

export function usePoster(videoId: number, thumbnailUrl: string | null, downloaded: boolean): string | undefined {
  const [found, setFound] = useState<{ videoId: number; url: string | null } | null>(null)
  useEffect(() => {
    if (!downloaded) return
    let live = true
    storedPosterUrl(videoId)
      .catch(() => null)
      .then((url) => live && setFound({ videoId, url }))
    return () => {
      live = false
    }
  }, [videoId, downloaded])
  return choosePoster(thumbnailUrl, downloaded, found?.videoId === videoId ? found.url : undefined)
}
