/**
 * The lock screen and headset buttons (the Media Session): the video's title and picture, play,
 * pause, skips and seeks, and previous/next track as the previous/next line. Bound from the first
 * play on (controller.ts): a phone shows it only for media that plays.
 */
import { SKIP_SECONDS, type MediaInfo, type PlayerState } from './player-state.ts'

export interface SessionActions {
  play(): void
  pause(): void
  skip(seconds: number): void
  seek(seconds: number): void
  previousLine(): void
  nextLine(): void
}

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'previoustrack', 'nexttrack']

/** Sets the metadata and the action handlers; answers whether the browser has a Media Session. */
export function bindMediaSession(media: MediaInfo, actions: SessionActions): boolean {
  if (!('mediaSession' in navigator)) return false
  const session = navigator.mediaSession
  const { title, artist, artwork } = media
  try {
    session.metadata = new MediaMetadata({ title, artist: artist ?? '', album: 'Dễ Hiểu', artwork: artwork ? [{ src: artwork }] : [] })
  } catch {
    // MediaMetadata missing (an old browser): the actions still work.
  }
  const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
    ['play', () => actions.play()],
    ['pause', () => actions.pause()],
    ['seekbackward', (details) => actions.skip(-(details.seekOffset ?? SKIP_SECONDS))],
    ['seekforward', (details) => actions.skip(details.seekOffset ?? SKIP_SECONDS)],
    ['seekto', (details) => details.seekTime !== undefined && actions.seek(details.seekTime)],
    // A headset's or the lock screen's previous/next track: the previous/next line.
    ['previoustrack', () => actions.previousLine()],
    ['nexttrack', () => actions.nextLine()],
  ]
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler)
    } catch {
      // An action this browser does not know.
    }
  }
  return true
}

/** The lock screen's position and state, kept in step with the player. */
export function updateMediaSession(state: PlayerState, playbackRate: number): void {
  if (!('mediaSession' in navigator)) return
  navigator.mediaSession.playbackState = state.playing ? 'playing' : 'paused'
  if (state.duration > 0 && navigator.mediaSession.setPositionState) {
    try {
      navigator.mediaSession.setPositionState({ duration: state.duration, position: Math.min(state.time, state.duration), playbackRate: playbackRate || 1 })
    } catch {
      // A position the browser refuses (a live edge): the lock screen shows no position.
    }
  }
}

/** Lets go of every action handler (the player unmounts). */
export function clearMediaSession(): void {
  if (!('mediaSession' in navigator)) return
  for (const action of ACTIONS) {
    try {
      navigator.mediaSession.setActionHandler(action, null)
    } catch {
      // as above
    }
  }
}
