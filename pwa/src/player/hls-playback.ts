/**
 * Attaching an HLS stream to a <video>. hls.js is used wherever it runs (MSE or ManagedMediaSource),
 * even where the browser claims native HLS (Chromium now does), so that our grants, the preview cut
 * and the offline cache behave the same everywhere; native HLS only where hls.js cannot run (old iOS).
 * hls.js does not react to losing the network by itself: a stream's loading stops on `offline` and
 * restarts on `online` (a download's goes on: it comes from the device), and a fatal error gets one
 * recovery attempt before it is reported.
 * Media grants last an hour and playlists are refused once the session or the access behind them is
 * gone: a 403 asks `refreshSource` for a fresh URL (the video's detail again) and carries on from the
 * same moment; no fresh URL (no longer watchable) is reported as a network failure.
 */
import { connectivity } from '../data/runtime/connectivity.ts'
import type Hls from 'hls.js'
import { shortSide } from '../data/downloads/hls-manifest.ts'
import { isOfflineMedia } from '../data/downloads/offline-urls.ts'

/**
 * Before the first play, hls.js buffers about one segment (6 s): the first frame is ready for the press,
 * but a page opened and left costs a phone one segment of data and of parsing, not hls.js's 30 s.
 */
const BUFFER_BEFORE_PLAY_SECONDS = 6
/** Ahead of the playhead once playing: hls.js's own default. */
const BUFFER_PLAYING_SECONDS = 30

/** A grant refused again this soon after a refresh is not refreshed again (the refusal stands). */
const GRANT_REFRESH_PAUSE_MS = 30_000

export interface Quality {
  index: number // -1 is automatic
  height: number
}

export interface Playback {
  qualities: Quality[]
  setQuality(index: number): void
  destroy(): void
}

/**
 * hls.js's light build: our streams are plain HLS (fMP4 video and audio renditions; captions are our own
 * <track> elements), so the subtitle, alternate-audio, DRM and CMCD code of the full build is never run.
 * 98 KB instead of 149 KB (Brotli), 37 % less JavaScript for a phone to parse on the video page.
 */
const loadHls = () => import('hls.js/light')

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Loads hls.js ahead, at the press that opens a video, while its detail is being fetched. */
export function preloadHls(): void {
  loadHls().catch(() => undefined)
}

export async function attachHls(
  video: HTMLVideoElement,
  src: string,
  options: {
    startAt?: number
    onQualities?: (qualities: Quality[]) => void
    onFatal?: (kind: 'network' | 'media') => void
    /** A fresh URL for the same video (its grant expired or was refused), or null when it no longer plays. */
    refreshSource?: () => Promise<string | null>
  },
): Promise<Playback> {
  const { default: HlsClass } = await loadHls()
  // hls.js's module has just run in this task; its set-up, and then its binding to the element, wait
  // for the tasks after: three short tasks on a phone rather than one long one (issue 32).
  await nextTask()
  if (!HlsClass.isSupported()) {
    video.src = src
    if (options.startAt) video.currentTime = options.startAt
    return { qualities: [], setQuality: () => {}, destroy: () => video.removeAttribute('src') }
  }
  const hls: Hls = new HlsClass({
    startPosition: options.startAt ?? -1,
    maxBufferLength: BUFFER_BEFORE_PLAY_SECONDS,
    // Fail fast when offline instead of retrying for minutes.
    fragLoadPolicy: { default: { maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 30_000, timeoutRetry: { maxNumRetry: 2, retryDelayMs: 1000, maxRetryDelayMs: 4000 }, errorRetry: { maxNumRetry: 3, retryDelayMs: 1000, maxRetryDelayMs: 8000 } } },
  })
  let recovered = false
  let refreshing = false
  // One refresh per grant: a fresh URL that is refused at once is not asked for again and again.
  let refreshedAt = Number.NEGATIVE_INFINITY
  const refresh = (refreshSource: () => Promise<string | null>) => {
    refreshing = true
    const resumeAt = video.currentTime
    const wasPlaying = !video.paused
    const failed = () => {
      refreshing = false
      options.onFatal?.('network')
    }
    refreshSource().then((fresh) => {
      refreshing = false
      if (!fresh) return failed()
      refreshedAt = performance.now()
      recovered = false
      // A new source re-attaches the media: start where playback was, and go on playing if it was.
      hls.config.startPosition = resumeAt
      if (wasPlaying) hls.once(HlsClass.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined))
      hls.loadSource(fresh)
    }, failed)
  }
  // hls.js reads its buffer goal on each tick: playing, it looks 30 s ahead again.
  const bufferAhead = () => {
    hls.config.maxBufferLength = BUFFER_PLAYING_SECONDS
  }
  video.addEventListener('play', bufferAhead, { once: true })
  // The app's connectivity, not the browser's events alone: lie-fi fires no `offline`/`online`. Not for
  // a download: the service worker answers it from the device, and stopping its loads when the network
  // was found gone (often just after they began, on a page opened offline) left it unplayable.
  const fromDevice = isOfflineMedia(new URL(src, location.href), location.origin)
  const stopFollowing = fromDevice ? () => undefined : connectivity.subscribe((up) => (up ? hls.startLoad() : hls.stopLoad()))
  const playback: Playback = {
    qualities: [],
    setQuality: (index) => {
      hls.currentLevel = index
    },
    destroy: () => {
      stopFollowing()
      video.removeEventListener('play', bufferAhead)
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
    if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && data.response?.code === 403 && options.refreshSource) {
      if (refreshing) return
      if (performance.now() - refreshedAt > GRANT_REFRESH_PAUSE_MS) return refresh(options.refreshSource)
    }
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
  await nextTask()
  hls.attachMedia(video)
  return playback
}
