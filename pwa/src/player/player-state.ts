/**
 * The player's state, as the views read it (usePlayer) and the controller (controller.ts) writes it:
 * its shape, its first value, the speeds and steps the controls offer, and the two readings of it
 * several views share (the tool track's lines, whether captions are on).
 */
import type { CaptionLanguage } from '../../../contract/schemas/captions.ts'
import { DEFAULT_PLAYER_PREFS, type PlayerPrefs } from '../data/preferences/player-prefs.ts'
import type { Quality } from './hls-playback.ts'
import type { Line } from './lines.ts'

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const
export const SLOW_RATE = 0.75
export const SKIP_SECONDS = 5
/** Controls hide after this long of play without a touch, a key or the pointer moving over them. */
export const CONTROLS_HIDE_MS = 3000

export interface TrackState {
  /** The track's lines once loaded, null while loading or when it failed. */
  lines: Line[] | null
  failed: boolean
}

export interface PlayerState {
  playing: boolean
  /** Waiting for data while meant to play. */
  waiting: boolean
  time: number
  duration: number
  tracks: Partial<Record<CaptionLanguage, TrackState>>
  /** The track the line tools and the transcript use: the video's own language (vi, yue) when it has one. */
  toolLanguage: CaptionLanguage | null
  prefs: PlayerPrefs
  /** Stopped by auto-pause at a line's end: a tap on the picture or any play resumes. */
  autoPaused: boolean
  /** The line being looped (an index into the tool track), or -1. */
  loopLine: number
  /** The line being replayed slowly, or -1: the speed goes back once it ends. */
  slowLine: number
  controlsShown: boolean
  settingsOpen: boolean
  fullscreen: boolean
  /** Listening mode: lines revealed by a tap or a key (indices into the tool track). */
  revealed: ReadonlySet<number>
  speed: number
  qualities: Quality[]
  quality: number
  failed: 'network' | 'media' | null
  /** A short word for screen readers after an action with no visible focus change (auto-pause, a skip). */
  announcement: string
}

/** No line revealed (one set for every state, so selectors see no change). */
export const EMPTY: ReadonlySet<number> = new Set()

export function initialPlayerState(): PlayerState {
  return {
    playing: false,
    waiting: false,
    time: 0,
    duration: 0,
    tracks: {},
    toolLanguage: null,
    prefs: DEFAULT_PLAYER_PREFS,
    autoPaused: false,
    loopLine: -1,
    slowLine: -1,
    controlsShown: true,
    settingsOpen: false,
    fullscreen: false,
    revealed: EMPTY,
    speed: 1,
    qualities: [],
    quality: -1,
    failed: null,
    announcement: '',
  }
}

const NO_LINES: Line[] = []

/** The tool track's lines (empty while none is loaded; the same empty list each time, for selectors). */
export function toolLines(state: PlayerState): Line[] {
  return (state.toolLanguage && state.tracks[state.toolLanguage]?.lines) || NO_LINES
}

/** Whether any caption track is shown over the picture. */
export function captionsOn(state: PlayerState): boolean {
  return (Object.keys(state.tracks) as CaptionLanguage[]).some((language) => state.prefs.captions[language])
}

export interface MediaInfo {
  title: string
  artist?: string
  artwork?: string
}

