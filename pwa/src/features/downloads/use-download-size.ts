/**
 * What a download would take, shown before it starts: the rendition the chosen quality picks (as the
 * download itself picks it: a video made in 480p downloads in 480p when 720p is chosen) times the
 * video's length, from the bandwidths its master playlist
 * declares. The playlist is the one the player loads, so the browser usually has it already.
 */
import { useEffect, useState } from 'react'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { chooseVariant, estimateBytes, parseMaster, type Variant } from '../../data/downloads/hls-manifest.ts'

export interface PlannedDownload {
  bytes: number
  /** The quality the download will store: the one chosen, or the best below it the video has. */
  quality: number
}

/** The planned download, or undefined while unknown (no fresh grant, offline, the playlist did not load). */
export function useDownloadSize(video: VideoDetail | undefined, quality: number): PlannedDownload | undefined {
  const masterUrl = video?.can_watch === 'full' ? (video.playback?.hls_url ?? undefined) : undefined
  const [loaded, setLoaded] = useState<{ url: string; variants: Variant[] }>()

  useEffect(() => {
    if (!masterUrl) return
    const controller = new AbortController()
    fetch(new URL(masterUrl, location.href), { signal: controller.signal, credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((text) => setLoaded({ url: masterUrl, variants: parseMaster(text) }))
      .catch(() => undefined) // no size shown; the download still checks the space itself
    return () => controller.abort()
  }, [masterUrl])

  if (!video || !loaded || loaded.url !== masterUrl) return undefined
  const variant = chooseVariant(loaded.variants, quality)
  return variant && variant.bandwidth > 0 ? { bytes: estimateBytes(variant, video.duration_seconds), quality: variant.quality } : undefined
}
