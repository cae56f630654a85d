/**
 * Attaching an HLS stream to a <video>. hls.js is used wherever it runs (MSE or ManagedMediaSource),
 * even where the browser claims native HLS (Chromium now does), so that our grants, the preview cut
 * and the offline cache behave the same everywhere; native HLS only where hls.js cannot run (old iOS).
 * hls.js does not react to losing the network by itself: loading stops on `offline` and restarts on
 * `online`, and a fatal error gets one recovery attempt before it is reported.
 */
import type Hls from 'hls.js'
import { shortSide } from '../data/downloads/hls-manifest.ts'

export interface Quality {
  index: number // -1 is automatic
  height: number
}

export interface Playback {
  qualities: Quality[]
  setQuality(index: number): void
  destroy(): void
}

export async function attachHls(
  video: HTMLVideoElement,
  src: string,
  options: { startAt?: number; onQualities?: (qualities: Quality[]) => void; onFatal?: (kind: 'network' | 'media') => void },
): Promise<Playback> {
  const { default: HlsClass } = await import('hls.js')
  if (!HlsClass.isSupported()) {
    video.src = src
    if (options.startAt) video.currentTime = options.startAt
    return { qualities: [], setQuality: () => {}, destroy: () => video.removeAttribute('src') }
  }
  const hls: Hls = new HlsClass({
    startPosition: options.startAt ?? -1,
    // Fail fast when offline instead of retrying for minutes.
    fragLoadPolicy: { default: { maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 30_000, timeoutRetry: { maxNumRetry: 2, retryDelayMs: 1000, maxRetryDelayMs: 4000 }, errorRetry: { maxNumRetry: 3, retryDelayMs: 1000, maxRetryDelayMs: 8000 } } },
  })
  let recovered = false
  const onOffline = () => hls.stopLoad()
  const onOnline = () => hls.startLoad()
  window.addEventListener('offline', onOffline)
  window.addEventListener('online', onOnline)
  const playback: Playback = {
    qualities: [],
    setQuality: (index) => {
      hls.currentLevel = index
    },
    destroy: () => {
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
      hls.destroy()
    },
  }
  hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
    // Named by the short side, as the server names renditions: a portrait 720×1280 level is 720p.
    playback.qualities = data.levels.map((level, index) => ({ index, height: shortSide(level.width, level.height) })).sort((a, b) => b.height - a.height)
    options.onQualities?.(playback.qualities)
  })
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return
    if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true
      hls.recoverMediaError()
    } else if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && !recovered) {
      recovered = true
      hls.startLoad()
    } else {
      options.onFatal?.(data.type === HlsClass.ErrorTypes.NETWORK_ERROR ? 'network' : 'media')
    }
  })
  hls.loadSource(src)
  hls.attachMedia(video)
  return playback
}
