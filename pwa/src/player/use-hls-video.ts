/**
 * Plays an HLS source in a plain <video> (the browser's own controls) while the component is mounted:
 * hls.js is loaded on demand (hls-playback.ts), torn down on unmount or a new source, and a fatal error
 * is told as `failed`. The submission's player and the captioning studio show the processed video this
 * way; the learner's player has its controller and use-hls-source.ts.
 */
import { useEffect, useState, type RefObject } from 'react'
import { attachHls, type Playback } from './hls-playback.ts'

export function useHlsVideo(videoRef: RefObject<HTMLVideoElement | null>, src: string | null): { failed: boolean } {
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const element = videoRef.current
    if (!element || !src) return
    let playback: Playback | null = null
    let gone = false
    attachHls(element, src, { onFatal: () => setFailed(true) })
      .then((attached) => {
        // Unmounted (or a new source) while hls.js was loading: this one is not wanted any more.
        if (gone) attached.destroy()
        else playback = attached
      })
      .catch(() => setFailed(true))
    return () => {
      gone = true
      playback?.destroy()
    }
  }, [videoRef, src])
  return { failed }
}
