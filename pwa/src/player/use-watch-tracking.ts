/**
 * Binds a <video> element's events, the page's visibility and the page's end to a WatchTracker, and
 * hands each report on a stretch, open or closed, to `onStretch` (which keeps it on the device).
 */
import { useEffect, useRef } from 'react'
import { WatchTracker } from './watch-tracker.ts'
import type { StretchUpdate } from '../data/progress/watch-stretch.ts'

/** `listening`: the audio alone (commute mode): counted with the page hidden too, as `mode: listened`. */
export function useWatchTracking(video: HTMLVideoElement | null, onStretch: (update: StretchUpdate) => void, listening = false): void {
  const latest = useRef(onStretch)
  useEffect(() => {
    latest.current = onStretch
  }, [onStretch])

  useEffect(() => {
    if (!video) return
    const tracker = new WatchTracker((stretch) => latest.current(stretch), undefined, undefined, listening)
    const position = () => video.currentTime
    const visible = () => document.visibilityState === 'visible'
    tracker.visibilityChanged(visible(), position())

    const handlers: Array<[target: EventTarget, type: string, listener: () => void]> = [
      [video, 'playing', () => tracker.started(position(), video.playbackRate)],
      [video, 'pause', () => tracker.stopped(position())],
      [video, 'waiting', () => tracker.stopped(position())],
      [video, 'ended', () => tracker.stopped(position())],
      [video, 'seeking', () => tracker.seeking()],
      [video, 'ratechange', () => tracker.rateChanged(position(), video.playbackRate)],
      [video, 'timeupdate', () => tracker.timeUpdate(position())],
      [document, 'visibilitychange', () => tracker.visibilityChanged(visible(), position())],
      // pagehide fires on tab close and on iOS app switching, where unload does not.
      [window, 'pagehide', () => tracker.dispose(position())],
    ]
    for (const [target, type, listener] of handlers) target.addEventListener(type, listener)
    // Resumed after a seek while playing: `playing` fires again and restarts the stretch.
    return () => {
      for (const [target, type, listener] of handlers) target.removeEventListener(type, listener)
      tracker.dispose(position())
    }
  }, [video, listening])
}
