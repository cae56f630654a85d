/**
 * Every stretch really played, measured from the element's own events (use-watch-tracking.ts), kept on
 * the device as it grows (data/progress/open-stretches.ts) and told to the page; and the end of the
 * video told to the page.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { flushSoon } from '../data/outbox/outbox.ts'
import { createStretchKeeper } from '../data/progress/open-stretches.ts'
import type { StretchUpdate } from '../data/progress/watch-stretch.ts'
import { useWatchTracking } from './use-watch-tracking.ts'

export function useKeptStretches(
  videoId: number,
  video: HTMLVideoElement | null,
  audioOnly: boolean,
  { onWatchedSpan, onEnded }: { onWatchedSpan?: (stretchId: string, from: number, to: number) => void; onEnded?: () => void },
): void {
  // flushSoon: the engine's code loads with the player, while the network is there (outbox.ts).
  const keep = useMemo(() => createStretchKeeper(videoId, flushSoon), [videoId])
  const spanListener = useRef(onWatchedSpan)
  const endListener = useRef(onEnded)
  useEffect(() => {
    spanListener.current = onWatchedSpan
    endListener.current = onEnded
  }, [onWatchedSpan, onEnded])
  const onStretch = useCallback(
    (update: StretchUpdate) => {
      if (update.stretch) spanListener.current?.(update.id, update.stretch.position_from, update.stretch.position_to)
      void keep(update).catch((error: unknown) => console.warn('Could not store watch time', error))
    },
    [keep],
  )
  useWatchTracking(video, onStretch, audioOnly)
  useEffect(() => {
    if (!video) return
    const ended = () => endListener.current?.()
    video.addEventListener('ended', ended)
    return () => video.removeEventListener('ended', ended)
  }, [video])
}
