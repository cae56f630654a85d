/**
 * One video: the player (hls.js comes with this page's chunk only), the access notices, and the
 * comments. A downloaded video plays from its offline copy, so the page works without a network,
 * from the detail cached the last time it was opened.
 *
 * Listening (commute mode): where the video has the audio-only rendition, the learner can listen
 * instead of watching: the audio alone streams (a fraction of the bytes) or plays from an audio-only
 * download, with the artwork, the transcript and the lock-screen controls, and counts as listened.
 * An audio-only download opens in listening; the other way is offered whenever it can play.
 */
import { useCallback, useDeferredValue, useRef, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { ArrowLeftIcon } from '../components/icons.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { DownloadControls } from '../features/downloads/DownloadControls.tsx'
import { usePoster } from '../features/downloads/use-poster.ts'
import { PlayerPlaceholder } from '../player/ui/PlayerPlaceholder.tsx'
import { useCompleteDownloadKind } from '../data/downloads/use-downloads.ts'
import { offlineCaptionUrl, offlineMasterUrl } from '../data/downloads/offline-urls.ts'
import { startFromQuery } from '../features/captions/cue-time.ts'
import { useOnline } from '../data/runtime/connectivity.ts'
import { useSessionValue } from '../data/session/session.ts'
import { CommentsSection } from '../features/comments/Comments.tsx'
import { Player, resumePosition } from '../player/ui/Player.tsx'
import { useVideoDetail } from '../data/catalogue/video-detail.ts'
import { useStreamGrant } from '../player/ui/use-stream-grant.ts'
import { AfterThePlayer } from '../features/video-page/AfterThePlayer.tsx'
import { ListenSwitch } from '../features/video-page/ListenSwitch.tsx'
import { playbackChoice } from '../features/video-page/playback-choice.ts'
import { VideoFacts } from '../features/video-page/VideoFacts.tsx'
import { useVideoCompass } from '../features/compass/VideoCompass.tsx'
import { useEnded, VideoWords } from '../features/words-share/VideoWords.tsx'
import { useTranslation } from 'react-i18next'
import type { CaptionLink } from '../../../contract/schemas/captions.ts'
import '../styles/watching.css'

const NO_CAPTIONS: CaptionLink[] = []

export default function VideoPage() {
  const { t } = useTranslation('watch')
  const { code = '', id: rawId = '' } = useParams()
  const id = Number(rawId)
  // A transcript line found by the search opens the video at that moment (?t=seconds).
  const [searchParams] = useSearchParams()
  const linkedStart = startFromQuery(searchParams.get('t'))
  const user = useSessionValue((state) => state.user)
  const state = useVideoDetail(id)
  // Whether the video plays from a finished download; undefined: not known yet (so the player does not
  // start on the wrong source). A yes or no, not the record: the page (player, comments, facts) then
  // renders again only when that answer changes, not on each progress write of a running download
  // (the download controls follow those themselves).
  // Deferred: the answer mounts the player (and the page below it) in a render React can interrupt,
  // not in one long task right after the first paint.
  const downloadedKind = useDeferredValue(useCompleteDownloadKind(id))
  const downloaded = downloadedKind === undefined ? undefined : downloadedKind !== null
  const online = useOnline()
  // A stream that started online keeps playing from its buffer when the network drops; only a page
  // opened offline has nothing to play.
  const [streamable, setStreamable] = useState(online)
  if (online && !streamable) setStreamable(true)
  // A finished download shows the poster stored with it (the thumbnail URL may not answer offline).
  const poster = usePoster(id, state.kind === 'ready' ? state.video.thumbnail_url : null, downloaded === true)
  // The rating question, my rating and up next (features/compass).
  const compass = useVideoCompass(code, state.kind === 'ready' ? state.video : null)
  // Listening or watching: the learner's choice on this page, else listening for an audio-only download.
  const [listenChoice, setListenChoice] = useState<boolean | null>(null)
  const listening = listenChoice ?? downloadedKind === 'audio'
  // The stream's grant, renewed as it runs out, with the caption links signed under it.
  const grant = useStreamGrant(id, (state.kind === 'ready' ? state.video.playback?.captions : undefined) ?? NO_CAPTIONS, listening)
  // Where play had got to: switching between watching and listening goes on from there.
  const lastPosition = useRef<number | null>(null)
  const [switchedAt, setSwitchedAt] = useState<number | null>(null)
  const compassSpan = compass.onWatchedSpan
  const onWatchedSpan = useCallback(
    (stretchId: string, from: number, to: number) => {
      lastPosition.current = to
      compassSpan?.(stretchId, from, to)
    },
    [compassSpan],
  )
  const [ended, onEnded] = useEnded(id, compass.onEnded) // "I knew the rest" is offered at the end (issue 42)
  const backLink = <BackLink code={code} />

  if (state.kind !== 'ready') {
    const message = state.kind === 'loading' ? t('video.loading') : state.kind === 'not-found' ? t('video.notFound') : t('video.failed')
    return (
      <PageFrame title={t('video.title')}>
        {backLink}
        <div className="video-needs-connection">
          <p className={state.kind === 'loading' ? 'muted' : 'form-error'} role={state.kind === 'loading' ? 'status' : 'alert'} data-testid="video-state">
            {message}
          </p>
          {state.kind === 'failed' ? <RetryButton onRetry={state.retry} /> : null}
        </div>
      </PageFrame>
    )
  }

  const video = state.video
  const offline = downloaded === true
  // Streams start from a freshly fetched grant (the cached one may have expired). Not downloaded and
  // offline: the stream cannot load, say so rather than show a broken player.
  const canStream = downloaded !== undefined && streamable && state.fresh
  const { src, fromDownload, canSwitch } = playbackChoice({
    listening,
    downloadedKind,
    videoStream: canStream ? (video.playback?.hls_url ?? null) : null,
    audioStream: canStream ? (video.playback?.audio_hls_url ?? null) : null,
    offlineUrl: offlineMasterUrl(id),
  })
  const switchTo = (next: boolean) => {
    setSwitchedAt(lastPosition.current)
    setListenChoice(next)
  }
  const waitingForGrant = !offline && online && !state.fresh && !state.stale
  // Until the player knows what it plays, its place holds the poster and nothing shows below it: what
  // follows would be pushed down when the player's line tools arrive (issue 32: no layout shift).
  const playerPending = video.can_watch !== 'none' && !src && (waitingForGrant || downloaded === undefined)
  const premiumOrAdmin = Boolean(user?.is_premium || user?.premium || user?.is_admin)
  return (
    <PageFrame title={video.title} wide>
      {backLink}
      <div className="video-layout">
        <div className="video-main">
          {video.can_watch === 'none' && !offline ? (
            <div className="notice notice-info upgrade-prompt" data-testid="upgrade-prompt">
              <p>{t('video.premiumOnly')}</p>
              <Link className="button button-accent" to="/billing?plan=year">
                {t('upgrade')}
              </Link>
            </div>
          ) : src ? (
            <Player
              key={src}
              videoId={id}
              src={src}
              audioOnly={listening}
              title={video.title}
              series={video.series?.name}
              poster={poster}
              startAt={switchedAt ?? (linkedStart || resumePosition(video.progress?.last_position_seconds, video.duration_seconds))}
              refreshSource={fromDownload ? undefined : grant.refreshSource}
              // A download plays its stored captions (the signed URLs would not answer offline).
              captions={fromDownload ? (video.playback?.captions ?? []).map((track) => ({ ...track, url: offlineCaptionUrl(id, track.language) })) : grant.captions}
              onCaptionsFailed={fromDownload ? undefined : grant.onCaptionsFailed}
              learnerId={user?.id}
              autoPlay={compass.autoPlay || switchedAt !== null}
              onWatchedSpan={onWatchedSpan}
              modeSwitch={<ListenSwitch listening={listening} canSwitch={canSwitch} onSwitch={switchTo} />}
              onEnded={onEnded}
            />
          ) : playerPending ? (
            <PlayerPlaceholder poster={poster} label={t('video.loading')} />
          ) : (
            <div className="video-needs-connection">
              <p className="form-error" role="alert" data-testid="video-needs-connection">
                {t('video.needsConnection')}
              </p>
              <RetryButton onRetry={state.retry} />
            </div>
          )}
          {playerPending ? null : (
            <AfterThePlayer>
              <VideoWords video={video} ended={ended} online={online}>{compass.panel}</VideoWords>
              {video.can_watch === 'full' || offline ? <DownloadControls videoId={id} video={state.fresh ? video : undefined} /> : null}
            </AfterThePlayer>
          )}
          {!playerPending && video.can_watch === 'preview' && !offline ? (
            <div className="notice notice-info" data-testid="preview-notice">
              <p>{t('video.preview', { seconds: video.playback?.preview_seconds ?? 0 })}</p>
              <Link to="/billing?plan=year">{t('upgrade')}</Link>
            </div>
          ) : null}
        </div>
        {playerPending ? null : (
          <AfterThePlayer>
            <VideoFacts video={video} />
          </AfterThePlayer>
        )}
      </div>
      {playerPending ? null : (
        <AfterThePlayer>
          <CommentsSection videoId={id} allowed={premiumOrAdmin} />
        </AfterThePlayer>
      )}
    </PageFrame>
  )
}

function BackLink({ code }: { code: string }) {
  const { t } = useTranslation('watch')
  return (
    <Link className="link-button back-link" to={`/languages/${code}/videos`}>
      {/* An icon, not "←": the arrow is in few fonts, and looking for one held a phone's first layout. */}
      <ArrowLeftIcon />
      {t('video.back')}
    </Link>
  )
}

/** Tries again now; the page also tries by itself when the network comes back (data/catalogue/video-detail.ts). */
function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('watch')
  return (
    <button type="button" className="button button-secondary" onClick={onRetry} data-testid="video-retry">
      {t('video.retry')}
    </button>
  )
}
