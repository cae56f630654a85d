/**
 * What a download would take, shown before it starts: the rendition the chosen quality picks (as the
 * download itself picks it: a video made in 480p downloads in 480p when 720p is chosen) times the
 * video's length, from the bandwidth its playlists declare. The manager reads them for this (the
 * player loaded them, so the browser usually has them already) and keeps them, so the press that
 * follows starts on the parts at once (downloads.plan()).
 */
import { useEffect, useState } from 'react'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { downloads } from '../../data/downloads.ts'
import type { PlannedDownload } from '../../data/downloads/download-manager.ts'

/** The planned download, or undefined while unknown (no fresh grant, offline, the playlist did not load). */
export function useDownloadSize(video: VideoDetail | undefined, quality: number): PlannedDownload | undefined {
  const [loaded, setLoaded] = useState<{ video: VideoDetail; quality: number; planned?: PlannedDownload }>()

  useEffect(() => {
    if (!video) return
    let current = true
    downloads
      .plan(video.id, quality, video)
      .then((planned) => current && setLoaded({ video, quality, planned }))
      .catch(() => undefined) // no size shown; the download still checks the space itself
    return () => {
      current = false
    }
  }, [video, quality])

  return loaded && loaded.video === video && loaded.quality === quality ? loaded.planned : undefined
}
