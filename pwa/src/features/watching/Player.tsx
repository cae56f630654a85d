/**
 * The video player: hls.js (loaded with this page's chunk only), a quality choice, a playback speed,
 * captions (off by default, the choice remembered per learner) with the transcript below, resume
 * from the last position, and every watched stretch kept on the device as it grows, then written to
 * the outbox as a watch event (data/progress/open-stretches.ts).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createStretchKeeper } from '../../data/progress/open-stretches.ts'
import { flushSoon } from '../../data/outbox/outbox.ts'
import { attachHls, type Playback, type Quality } from '../../player/hls-playback.ts'
import { useWatchTracking } from '../../player/use-watch-tracking.ts'
import type { StretchUpdate } from '../../player/watch-tracker.ts'
import type { CaptionLink } from '../../../../contract/schemas/captions.ts'
import { readCaptionChoice, writeCaptionChoice, type CaptionChoice } from '../captions/caption-choice.ts'
import { TranscriptPanel } from '../captions/TranscriptPanel.tsx'
import { transcriptLanguage, useCaptionTracks } from '../captions/use-caption-tracks.ts'

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const

/** Closer than this to the end, a resume starts from the beginning instead. */
const RESUME_END_MARGIN_SECONDS = 10

export function resumePosition(lastPosition: number | undefined, duration: number): number {
  if (!lastPosition || lastPosition < 1) return 0
  if (duration > 0 && lastPosition > duration - RESUME_END_MARGIN_SECONDS) return 0
  return lastPosition
}

export function Player({
  videoId,
  src,
  startAt,
  poster,
  title,
  refreshSource,
  captions = [],
  onCaptionsFailed,
  learnerId,
  autoPlay = false,
  onWatchedSpan,
  onEnded,
}: {
  videoId: number
  src: string
  startAt: number
  poster?: string
  title: string
  /** For a stream: a fresh URL when its grant runs out (downloads play from the device and need none). */
  refreshSource?: () => Promise<string | null>
  /** The video's caption tracks (signed URLs, or the downloaded copies offline). */
  captions?: readonly CaptionLink[]
  /** A caption track did not load (its grant may have run out: see use-stream-grant.ts). */
  onCaptionsFailed?: () => void
  /** Whose caption choice to remember. */
  learnerId?: number
  /** Start playing once attached (up next opened this video); a browser that refuses just waits for play. */
  autoPlay?: boolean
  /** Each stretch of the video really played, as positions in seconds (features/compass: the watched share). */
  onWatchedSpan?: (stretchId: string, from: number, to: number) => void
  /** The video played to its end (features/compass: the rating question, up next). */
  onEnded?: () => void
}) {
  const { t } = useTranslation('watch')
  const { t: tc } = useTranslation('captions')
  const [video, setVideo] = useState<HTMLVideoElement | null>(null)
  // The element again, for event handlers that set its speed (state values are not for mutating).
  const videoRef = useRef<HTMLVideoElement | null>(null)
  const bindVideo = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element
    setVideo(element)
  }, [])
  const [playback, setPlayback] = useState<Playback | null>(null)
  const [qualities, setQualities] = useState<Quality[]>([])
  const [quality, setQuality] = useState(-1)
  const [speed, setSpeed] = useState(1)
  const [failed, setFailed] = useState<'network' | 'media' | null>(null)
  const qualityId = useId()
  const speedId = useId()
  const captionsId = useId()
  const [captionChoice, setCaptionChoice] = useState<CaptionChoice>(() => readCaptionChoice(learnerId))
  const chooseCaptions = useCallback(
    (choice: CaptionChoice) => {
      setCaptionChoice(choice)
      writeCaptionChoice(learnerId, choice)
    },
    [learnerId],
  )
  // A remembered language this video has no track for shows as off here (and stays remembered).
  const shownChoice: CaptionChoice = captions.some((track) => track.language === captionChoice) ? captionChoice : 'off'
  const transcript = useCaptionTracks(video, captions, shownChoice, chooseCaptions, onCaptionsFailed)
  const seek = useCallback((seconds: number) => {
    if (videoRef.current) videoRef.current.currentTime = seconds
  }, [])

  useEffect(() => {
    if (!video) return
    let live = true
    let attached: Playback | null = null
    void attachHls(video, src, {
      startAt,
      onQualities: (list) => live && setQualities(list),
      onFatal: (kind) => live && setFailed(kind),
      refreshSource: refreshSource && (() => (live ? refreshSource() : Promise.resolve(null))),
    })
      .then((result) => {
        attached = result
        if (live) setPlayback(result)
        else result.destroy()
        if (live && autoPlay) video.play().catch(() => undefined)
      })
      .catch(() => live && setFailed('media'))
    return () => {
      live = false
      attached?.destroy()
      setPlayback(null)
    }
    // startAt is read once per source: a later progress refresh must not restart the video.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, src])


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
  useWatchTracking(video, onStretch)
  useEffect(() => {
    if (!video) return
    const ended = () => endListener.current?.()
    video.addEventListener('ended', ended)
    return () => video.removeEventListener('ended', ended)
  }, [video])

  return (
    <div className="player">
      <div className="player-frame">
        <video ref={bindVideo} controls playsInline preload="metadata" poster={poster} aria-label={title} data-testid="player-video">
          {captions.map((track) => (
            <track key={`${track.language}:${track.url}`} kind="subtitles" srcLang={track.language} label={tc(`languages.${track.language}`)} src={track.url} />
          ))}
        </video>
      </div>
      {failed ? (
        <p className="form-error" role="alert">
          {failed === 'network' ? t('player.networkError') : t('player.mediaError')}
        </p>
      ) : null}
      <div className="player-controls">
        <label className="player-control" htmlFor={qualityId}>
          <span>{t('player.quality')}</span>
          <select
            id={qualityId}
            className="input input-small"
            value={quality}
            disabled={qualities.length < 2}
            onChange={(event) => {
              const index = Number(event.target.value)
              setQuality(index)
              playback?.setQuality(index)
            }}
          >
            <option value={-1}>{t('player.auto')}</option>
            {qualities.map((level) => (
              <option key={level.index} value={level.index}>
                {t('player.height', { height: level.height })}
              </option>
            ))}
          </select>
        </label>
        <label className="player-control" htmlFor={speedId}>
          <span>{t('player.speed')}</span>
          <select id={speedId} className="input input-small" value={speed} onChange={(event) => {
              const rate = Number(event.target.value)
              setSpeed(rate)
              if (videoRef.current) videoRef.current.playbackRate = rate
            }} data-testid="player-speed">
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {t('player.rate', { rate: value })}
              </option>
            ))}
          </select>
        </label>
        {captions.length > 0 ? (
          <label className="player-control" htmlFor={captionsId}>
            <span>{tc('player.captions')}</span>
            <select id={captionsId} className="input input-small" value={shownChoice} onChange={(event) => chooseCaptions(event.target.value as CaptionChoice)} data-testid="player-captions">
              <option value="off">{tc('player.off')}</option>
              {captions.map((track) => (
                <option key={track.language} value={track.language}>
                  {tc(`languages.${track.language}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {captions.length > 0 ? (
        <TranscriptPanel cues={transcript.cues} language={transcriptLanguage(captions) ?? 'vi'} failed={transcript.failed} current={transcript.current} onSeek={seek} />
      ) : null}
    </div>
  )
}
