/**
 * Our controls over the picture, as phone players draw them: a tap shows or hides them (they hide
 * after a few seconds of play), one large play/pause in the middle, captions on/off and the settings
 * sheet at the top, and one row along the bottom: the time, the scrubber with a mark where each line
 * starts, fullscreen (one row, so the captions above it stay clear of the play button on a phone).
 * A double tap on the left or right third skips 5 s back or forward (a setting). With a mouse, a click
 * on the picture plays or pauses, as on a desktop player. Stopped by auto-pause, any tap goes on.
 * At a line-end pause, the moment the learner reads, the picture stays clear: no big button in the
 * middle (where a slide draws its sentence) and no dimming, only the bar with a small play button at
 * its start, below the captions. With a mouse that small button is always there, as on a desktop player.
 */
import { useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCueTime } from '../../features/captions/cue-time.ts'
import { captionsOn, SKIP_SECONDS, toolLines } from '../controller.ts'
import { usePlayer, usePlayerController } from '../use-player.ts'
import { Icon } from './icons.tsx'

/** Two taps closer than this are a double tap. */
const DOUBLE_TAP_MS = 280

function LineMarks() {
  const lines = usePlayer(toolLines)
  const duration = usePlayer((state) => state.duration)
  if (!duration || lines.length === 0) return null
  return (
    <div className="scrubber-marks" aria-hidden="true">
      {lines.map((line, index) => (
        <span key={index} className="scrubber-mark" style={{ insetInlineStart: `${(line.start / duration) * 100}%` }} />
      ))}
    </div>
  )
}

function Scrubber() {
  const { t } = useTranslation('watch')
  const controller = usePlayerController()
  const time = usePlayer((state) => state.time)
  const duration = usePlayer((state) => state.duration)
  const played = duration > 0 ? Math.min(100, (time / duration) * 100) : 0
  return (
    <div className="scrubber" style={{ ['--played' as string]: `${played}%` }}>
      <LineMarks />
      <input
        type="range"
        className="scrubber-input"
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(time, duration || 0)}
        aria-label={t('player.position')}
        aria-valuetext={t('player.timeOf', { time: formatCueTime(time), duration: formatCueTime(duration) })}
        onChange={(event) => controller.seek(Number(event.target.value))}
        data-testid="player-scrubber"
      />
    </div>
  )
}

function TimeLabel() {
  const time = usePlayer((state) => Math.floor(state.time))
  const duration = usePlayer((state) => Math.floor(state.duration))
  return (
    <span className="player-time" aria-hidden="true" data-testid="player-time">
      {formatCueTime(time)} / {formatCueTime(duration)}
    </span>
  )
}

export function PlayerControls({ children, topExtra }: { children?: ReactNode; /** More buttons at the top (Picture-in-Picture). */ topExtra?: ReactNode }) {
  const { t } = useTranslation('watch')
  const controller = usePlayerController()
  const shown = usePlayer((state) => state.controlsShown)
  const playing = usePlayer((state) => state.playing)
  const linePaused = usePlayer((state) => state.autoPaused && !state.playing)
  const fullscreen = usePlayer((state) => state.fullscreen)
  const hasCaptions = usePlayer((state) => Object.keys(state.tracks).length > 0)
  const captions = usePlayer(captionsOn)
  const doubleTap = usePlayer((state) => state.prefs.doubleTapSkip)
  const lastTap = useRef<{ at: number; zone: number; timer: ReturnType<typeof setTimeout> } | null>(null)
  const [ripple, setRipple] = useState<{ zone: number; key: number } | null>(null)

  const onTap = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const zone = Math.min(2, Math.floor(((event.clientX - box.left) / box.width) * 3)) // 0 left, 1 middle, 2 right
    const single = () => {
      const state = controller.state
      if (state.autoPaused) return controller.play()
      if (event.pointerType === 'mouse') {
        controller.togglePlay()
        controller.showControls()
      } else controller.toggleControls()
    }
    const previous = lastTap.current
    const now = performance.now()
    if (previous && now - previous.at < DOUBLE_TAP_MS && previous.zone === zone && zone !== 1 && doubleTap) {
      clearTimeout(previous.timer)
      lastTap.current = null
      controller.skip(zone === 0 ? -SKIP_SECONDS : SKIP_SECONDS)
      setRipple({ zone, key: now })
      return
    }
    if (!doubleTap || zone === 1) {
      lastTap.current = null
      return single()
    }
    // A side tap waits to see whether a second one follows.
    lastTap.current = { at: now, zone, timer: setTimeout(() => ((lastTap.current = null), single()), DOUBLE_TAP_MS) }
  }

  return (
    <>
      <div className="player-tap" onPointerUp={onTap} onPointerMove={(event) => event.pointerType === 'mouse' && controller.showControls()} aria-hidden="true" data-testid="player-tap" />
      {ripple ? (
        <span key={ripple.key} className={`player-ripple player-ripple-${ripple.zone === 0 ? 'back' : 'forward'}`} aria-hidden="true" onAnimationEnd={() => setRipple(null)}>
          {ripple.zone === 0 ? t('player.skipBack') : t('player.skipForward')}
        </span>
      ) : null}
      <div
        className={['player-overlay', shown ? 'is-shown' : '', linePaused ? 'is-line-paused' : ''].join(' ')}
        role="group"
        aria-label={t('player.controls')}
        // Held by keyboard focus only: a button a finger or the mouse pressed keeps focus, and must not
        // keep the controls over the picture for good.
        onFocus={(event) => event.target.matches(':focus-visible') && controller.setControlsHeld(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) controller.setControlsHeld(false)
        }}
        data-testid="player-controls"
        data-shown={shown}
        data-line-paused={linePaused}
      >
        <div className="player-top player-fade">
          {topExtra}
          {hasCaptions ? (
            <button
              type="button"
              className="player-icon-button"
              aria-pressed={captions}
              aria-label={t('player.captionsToggle')}
              aria-keyshortcuts="C"
              onClick={() => controller.toggleCaptions()}
              data-testid="player-captions-toggle"
            >
              <Icon name="captions" />
            </button>
          ) : null}
          <button type="button" className="player-icon-button" aria-label={t('player.settings')} aria-haspopup="dialog" onClick={() => controller.setSettingsOpen(true)} data-testid="player-settings">
            <Icon name="settings" />
          </button>
        </div>
        <div className="player-center player-fade">
          <button
            type="button"
            className="player-big-play"
            onClick={() => controller.togglePlay()}
            aria-label={playing ? t('player.pause') : t('player.play')}
            aria-keyshortcuts="Space"
            data-testid="player-play"
          >
            <Icon name={playing ? 'pause' : 'play'} size={36} />
          </button>
        </div>
        {/* The captions sit between the play button and the bar, so neither ever covers them. */}
        {children}
        <div className="player-bar player-fade">
          <button
            type="button"
            className="player-icon-button player-bar-play"
            onClick={() => controller.togglePlay()}
            aria-label={playing ? t('player.pause') : t('player.play')}
            data-testid="player-bar-play"
          >
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          <TimeLabel />
          <Scrubber />
          <button
            type="button"
            className="player-icon-button"
            aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            aria-keyshortcuts="F"
            onClick={() => void controller.toggleFullscreen()}
            data-testid="player-fullscreen"
          >
            <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
          </button>
        </div>
      </div>
    </>
  )
}
