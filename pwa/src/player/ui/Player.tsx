/**
 * The video player: hls.js (loaded with this page's chunk only) under our own controls, the captions
 * drawn by us, the line tools and the transcript, all reading one player state (player/controller.ts);
 * resume from the last position; every watched stretch kept on the device as it grows, then written to
 * the outbox as a watch event (data/progress/open-stretches.ts), measured from the element's own events exactly
 * as before the player had line tools. The learner's player choices are kept per person, offline.
 * The browser's own controls show only where ours cannot run (the controls failed to render).
 *
 * `audioOnly` (commute mode): the source is the audio-only rendition, downloaded or streamed. The frame
 * shows the poster as artwork with the title (there is no picture), the captions, transcript, line
 * tools and lock-screen controls work as ever, playback goes on with the page hidden (nothing here
 * pauses it), and the time counts as listened (watch-tracker.ts), the page hidden or not.
 *
 * The source is attached in player/use-hls-source.ts, the watched stretches kept in player/use-kept-stretches.ts.
 */
import { Component, startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { readPlayerPrefs, writePlayerPrefs } from '../../data/preferences/player-prefs.ts'
import { PlayerController, toolLines } from '../controller.ts'
import { activeLine, translationsFor } from '../lines.ts'
import { PlayerContext, useControllerState, usePlayer, usePlayerController } from '../use-player.ts'
import { usePlayerKeys } from '../use-player-keys.ts'
import { useTrackElements } from '../use-track-elements.ts'
import { useHlsSource } from '../use-hls-source.ts'
import { useKeptStretches } from '../use-kept-stretches.ts'
import type { CaptionLink } from '../../../../contract/schemas/captions.ts'
import { TranscriptPanel } from '../../features/captions/TranscriptPanel.tsx'
import { useSavedStarts } from '../../data/cards/due.ts'
import { SAME_LINE_SECONDS } from '../../data/cards/card-types.ts'
import { WordText } from '../../features/words/WordText.tsx'
import { WordsProvider } from '../../features/words/WordsProvider.tsx'
import type { OpenWord } from '../../features/words/words-context.ts'
import { CaptionOverlay } from './CaptionOverlay.tsx'
import { LineTools } from './LineTools.tsx'
import { SaveWordLine } from './SaveLineTool.tsx'
import { PlayerControls } from './PlayerControls.tsx'
import { canFloat, FloatingPlayer, PictureInPictureButton, usePictureInPicture } from './PictureInPicture.tsx'
import { SettingsSheet } from './SettingsSheet.tsx'
import { useReadings } from '../../data/words/index.ts'
import './player.css'

/** Closer than this to the end, a resume starts from the beginning instead. */
const RESUME_END_MARGIN_SECONDS = 10

export function resumePosition(lastPosition: number | undefined, duration: number): number {
  if (!lastPosition || lastPosition < 1) return 0
  if (duration > 0 && lastPosition > duration - RESUME_END_MARGIN_SECONDS) return 0
  return lastPosition
}

/** Our controls failed to render: the browser's own take over, the video keeps playing. */
class ControlsBoundary extends Component<{ onFail: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.warn('Player controls failed; falling back to the browser’s own', error)
    this.props.onFail()
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

function Announcer() {
  const { t } = useTranslation('watch')
  const announcement = usePlayer((state) => state.announcement)
  return (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="player-announcement">
      {announcement ? t(`player.announce.${announcement}`) : ''}
    </p>
  )
}

function PlayerTranscript({ videoId }: { videoId: number }) {
  const controller = usePlayerController()
  const savedStarts = useSavedStarts(videoId)
  const language = usePlayer((state) => state.toolLanguage)
  const track = usePlayer((state) => (state.toolLanguage ? state.tracks[state.toolLanguage] : undefined))
  const current = usePlayer((state) => activeLine(toolLines(state), state.time))
  const listening = usePlayer((state) => state.prefs.listening)
  const revealed = usePlayer((state) => state.revealed)
  // The English under each line of the video's own language: where the video has it, and while the learner has it on.
  const hasEnglish = usePlayer((state) => state.toolLanguage !== null && state.toolLanguage !== 'en' && Boolean(state.tracks.en))
  const englishShown = usePlayer((state) => state.prefs.captions.en)
  const englishLines = usePlayer((state) => (state.prefs.captions.en ? state.tracks.en?.lines : null) ?? null)
  const lines = track?.lines ?? null
  const translations = useMemo(() => (hasEnglish && lines && englishLines ? translationsFor(lines, englishLines) : null), [hasEnglish, lines, englishLines])
  const saved = useMemo(() => new Set((lines ?? []).flatMap((line, index) => (savedStarts.some((start) => Math.abs(start - line.start) <= SAME_LINE_SECONDS) ? [index] : []))), [lines, savedStarts])
  if (!language) return null
  return (
    <TranscriptPanel
      cues={lines}
      language={language}
      failed={Boolean(track?.failed)}
      current={current}
      onPlay={(seconds) => {
        controller.seek(seconds)
        controller.play()
      }}
      listening={listening}
      revealed={revealed}
      onReveal={(index) => controller.reveal(index)}
      translations={translations}
      saved={saved}
      english={hasEnglish ? { shown: englishShown, onToggle: () => controller.setCaptions({ ...controller.state.prefs.captions, en: !englishShown }) } : null}
      renderText={lines ? (index) => <WordText line={lines[index]!} coloured markOneNew /> : undefined}
    />
  )
}

/** The lock screen follows the player: playing or paused, and where. */
function MediaSessionSync() {
  const controller = usePlayerController()
  const playing = usePlayer((state) => state.playing)
  const second = usePlayer((state) => Math.floor(state.time))
  const duration = usePlayer((state) => state.duration)
  useEffect(() => controller.updateMediaSession(), [controller, playing, second, duration])
  return null
}

interface PlayerProps {
  videoId: number
  src: string
  /** The source is the audio alone (commute mode): artwork instead of a picture, counted as listened. */
  audioOnly?: boolean
  /** Shown under the line tools, above the transcript: the page's switch between watching and listening. */
  modeSwitch?: ReactNode
  startAt: number
  poster?: string
  title: string
  /** The series' name, shown on the lock screen under the title. */
  series?: string
  /** For a stream: a fresh URL when its grant runs out (downloads play from the device and need none). */
  refreshSource?: () => Promise<string | null>
  /** The video's caption tracks (signed URLs, or the downloaded copies offline). */
  captions?: readonly CaptionLink[]
  /** A caption track did not load (its grant may have run out: see use-stream-grant.ts). */
  onCaptionsFailed?: () => void
  /** Whose player choices to remember. */
  learnerId?: number
  /** Start playing once attached (up next opened this video); a browser that refuses just waits for play. */
  autoPlay?: boolean
  /** Each stretch of the video really played, as positions in seconds (features/compass: the watched share). */
  onWatchedSpan?: (stretchId: string, from: number, to: number) => void
  /** The video played to its end (features/compass: the rating question, up next). */
  onEnded?: () => void
  /** Other features' buttons in a tapped word's sheet (saving its line). */
  wordActions?: (word: OpenWord) => ReactNode
}

/** A word's sheet pauses playback while open (the learner's choice, on by default) and goes on as it closes. */
function useWordPause(controller: PlayerController) {
  const paused = useRef(false)
  return {
    onOpen: () => {
      if (!controller.state.prefs.pauseForWords || !controller.state.playing) return
      paused.current = true
      controller.pause()
    },
    onClose: () => {
      if (!paused.current) return
      paused.current = false
      controller.play()
    },
  }
}

export function Player({
  videoId,
  src,
  startAt,
  poster,
  title,
  series,
  refreshSource,
  captions = [],
  onCaptionsFailed,
  learnerId,
  autoPlay = false,
  onWatchedSpan,
  onEnded,
  audioOnly = false,
  modeSwitch,
  wordActions,
}: PlayerProps) {
  const { t } = useTranslation('watch')
  const { t: tc } = useTranslation('captions')
  const controller = useMemo(() => new PlayerController(), [])
  const [video, setVideo] = useState<HTMLVideoElement | null>(null)
  // The element arrives in the commit that mounts the player: set as an ordinary update, the player rendered again
  // at once, in the same task as that commit (issue 48: a long task on a slow phone); as a transition, in slices.
  const videoRef = useCallback((element: HTMLVideoElement | null) => startTransition(() => setVideo(element)), [])
  const [stockControls, setStockControls] = useState(false)
  const failed = useControllerState(controller, (state) => state.failed)
  const showControls = useControllerState(controller, (state) => state.controlsShown)
  // The words of the video's own track are tappable (English lines stay text).
  const wordsLanguage = useControllerState(controller, (state) => (state.toolLanguage && state.toolLanguage !== 'en' ? state.toolLanguage : undefined))
  // Cantonese: each character's Jyutping above it, from the server's transcript, unless the learner turned it off.
  const readings = useReadings(videoId, wordsLanguage)
  const jyutping = useControllerState(controller, (state) => state.prefs.jyutping !== false)
  const wordPause = useWordPause(controller)

  useEffect(() => {
    controller.attach(video)
    return () => controller.attach(null)
  }, [controller, video])
  useEffect(() => () => controller.dispose(), [controller])
  useEffect(() => controller.setMediaInfo({ title, artist: series, artwork: poster }), [controller, title, series, poster])
  useEffect(() => controller.setTrackFailedListener(onCaptionsFailed ?? null), [controller, onCaptionsFailed])
  useEffect(() => {
    let live = true
    void readPlayerPrefs(learnerId).then((prefs) => {
      if (live) controller.takePrefs(prefs, (next) => void writePlayerPrefs(learnerId, next))
    })
    return () => {
      live = false
    }
  }, [controller, learnerId])
  useTrackElements(controller, video, captions)
  usePlayerKeys(controller)
  const pip = usePictureInPicture(video)
  const floatable = !audioOnly && canFloat()

  useHlsSource(controller, video, src, { startAt, refreshSource, autoPlay })
  useKeptStretches(videoId, video, audioOnly, { onWatchedSpan, onEnded })

  return (
    <PlayerContext.Provider value={controller}>
      <WordsProvider language={wordsLanguage} onOpen={wordPause.onOpen} onClose={wordPause.onClose} actions={wordActions ?? ((word) => <SaveWordLine videoId={videoId} line={word.line} />)} readings={jyutping ? readings : undefined}>
        <div className={audioOnly ? 'player player-audio-only' : 'player'} data-testid={audioOnly ? 'player-audio-only' : undefined}>
          <div className="player-stage" ref={(element) => controller.setStage(element)}>
            <div className={showControls ? 'player-frame controls-shown' : 'player-frame'} data-testid="player-frame">
              {audioOnly ? <AudioArtwork poster={poster} /> : null}
              <video ref={videoRef} controls={stockControls} playsInline preload="metadata" poster={poster} aria-label={title} data-testid="player-video">
                {captions.map((track) => (
                  <track key={`${track.language}:${track.url}`} kind="subtitles" srcLang={track.language} label={tc(`languages.${track.language}`)} src={track.url} />
                ))}
              </video>
              {stockControls ? null : (
                <ControlsBoundary onFail={() => setStockControls(true)}>
                  <PlayerControls topExtra={floatable ? <PictureInPictureButton floating={pip.floating} onToggle={() => void pip.toggle()} /> : null}>
                    <CaptionOverlay />
                  </PlayerControls>
                </ControlsBoundary>
              )}
            </div>
            {stockControls ? null : (
              <ControlsBoundary onFail={() => undefined}>
                <LineTools videoId={videoId} />
              </ControlsBoundary>
            )}
          </div>
          {modeSwitch}
          {failed ? (
            <p className="form-error" role="alert">
              {failed === 'network' ? t('player.networkError') : t('player.mediaError')}
            </p>
          ) : null}
          <Announcer />
          <SettingsSheet />
          <MediaSessionSync />
          <PlayerTranscript videoId={videoId} />
          {pip.pipWindow && video ? <FloatingPlayer pipWindow={pip.pipWindow} video={video} /> : null}
        </div>
      </WordsProvider>
    </PlayerContext.Provider>
  )
}

/** No picture: the poster as artwork, blurred behind itself to fill the frame, and what plays. */
function AudioArtwork({ poster }: { poster?: string }) {
  const { t } = useTranslation('watch')
  return (
    <div className="player-artwork" aria-hidden="true">
      {poster ? <img className="player-artwork-backdrop" src={poster} alt="" /> : null}
      {poster ? <img className="player-artwork-cover" src={poster} alt="" /> : null}
      <span className="player-artwork-badge">{t('player.audioOnlyBadge')}</span>
    </div>
  )
}
