/**
 * The compass on the video page, under the player: the rating question once half the video is
 * watched (asked at the end, or on the list after leaving, see ratings.ts), my rating (changeable),
 * and up next when the video ends. `useVideoCompass` gives the player its listeners and the page the
 * panel; it is called before the video is known (hooks come before the page's early returns).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { RATE_AFTER_SHARE } from '../../data/compass/rating-types.ts'
import { markRatingDue, useMyRating, useRatingPrompt } from '../../data/compass/ratings.ts'
import { RatingPrompt } from './RatingPrompt.tsx'
import { UpNext } from './UpNext.tsx'
import { VideoRating } from './VideoRating.tsx'
import { watchedShare, type Span } from './watched-share.ts'
import './compass.css'

export interface VideoCompass {
  /** For the Player. */
  onWatchedSpan: (stretchId: string, from: number, to: number) => void
  onEnded: () => void
  /** Up next sent the learner here: start playing. */
  autoPlay: boolean
  panel: ReactNode
}

export function useVideoCompass(code: string, video: VideoSummary | null): VideoCompass {
  const location = useLocation()
  const autoPlay = Boolean((location.state as { autoplay?: boolean } | null)?.autoplay)
  const videoId = video?.id ?? 0
  const duration = video?.duration_seconds ?? 0
  const serverShare = (video?.progress?.percent ?? 0) / 100
  // Each stretch as last reported (an open one grows under its id), for the video they belong to.
  const spans = useRef<{ videoId: number; byStretch: Map<string, Span> }>({ videoId, byStretch: new Map() })
  const [played, setPlayed] = useState({ videoId, share: 0 })
  const [ended, setEnded] = useState<number | null>(null)
  // The prompt shows on this visit until skipped, though it is marked asked at once.
  const [prompting, setPrompting] = useState<number | null>(null)
  const mine = useMyRating(videoId, video?.my_rating)
  const prompt = useRatingPrompt(videoId)

  const share = Math.max(serverShare, played.videoId === videoId ? played.share : 0)
  const halfWatched = video !== null && share >= RATE_AFTER_SHARE

  const onWatchedSpan = useCallback(
    (stretchId: string, from: number, to: number) => {
      if (spans.current.videoId !== videoId) spans.current = { videoId, byStretch: new Map() }
      spans.current.byStretch.set(stretchId, { from, to })
      setPlayed({ videoId, share: watchedShare([...spans.current.byStretch.values()], duration) })
    },
    [videoId, duration],
  )

  useEffect(() => {
    if (video && halfWatched && mine === null) void markRatingDue(video.id, video.title).catch(() => undefined)
  }, [video, halfWatched, mine])

  const onEnded = useCallback(() => {
    setEnded(videoId)
    if (prompt?.state !== 'asked' && mine === null && halfWatched) setPrompting(videoId)
  }, [videoId, prompt, mine, halfWatched])

  const panel = video ? (
    <div className="video-compass">
      {prompting === video.id ? (
        <RatingPrompt videoId={video.id} title={video.title} current={mine} onClose={() => setPrompting(null)} />
      ) : (
        <VideoRating videoId={video.id} mine={mine} canRate={halfWatched} />
      )}
      {ended === video.id ? <UpNext key={video.id} code={code} current={video} /> : null}
    </div>
  ) : null
  return { onWatchedSpan, onEnded, autoPlay, panel }
}
