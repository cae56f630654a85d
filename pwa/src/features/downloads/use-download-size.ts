/**
 * What a download would take, shown before it starts: the rendition the chosen quality picks (as the
 * download itself picks it: a video made in 480p downloads in 480p when 720p is chosen) times the
 * video's length, from the bandwidth its playlists declare. The manager reads them for this (the
 * player loaded them, so the browser usually has them already) and keeps them, so the press that
 * follows starts on the parts at once (downloads.plan()).
 */
import { useEffect, useState } from 'react'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { downloads } from '../../data/downloads/downloads.ts'
import type { PlannedDownload } from '../../data/downloads/download-manager.ts'

/** The planned download, or undefined while unknown (no fresh grant, offline, the playlist did not load). */
export function useDownloadSize(video: VideoDetail | undefined, quality: number): PlannedDownload | undefined {
  const [loaded, setLoaded] = useState<{ playlist: string; quality: number; planned?: PlannedDownload }>()
  // Kept by the playlist it was read from (the video and its grant), not by the detail object: the page
  // hands a new copy of the same detail whenever it reads it again, and the size shown must not vanish
  // and come back then (the manager answers such a plan from what it read already).
  const playlist = video?.playback?.hls_url ?? ''

  useEffect(() => {
    if (!video) return
    let current = true
    downloads
      .plan(video.id, quality, video)
      .then((planned) => current && setLoaded({ playlist, quality, planned }))
      .catch(() => undefined) // no size shown; the download still checks the space itself
    return () => {
      current = false
    }
  }, [video, playlist, quality])

  return video && loaded && loaded.playlist === playlist && loaded.quality === quality ? loaded.planned : undefined
}
