/**
 * The player: one state and the only code that drives the <video>. The controls, the captions drawn
 * over the picture, the line tools, the transcript, the keys and the Media Session all read the state
 * (usePlayer) and call these actions; none of them touches the element. Watch time is measured apart,
 * from the element's own events (use-watch-tracking.ts): a pause at a line's end, a replay (a seek) or
 * a slow replay (a change of speed) close and open stretches there exactly as the learner doing the
 * same by hand would, so a replayed second still counts once per wall-clock second.
 *
 * Lines come from the track in the video's own language, Vietnamese or Cantonese (the English one when that is all there is): the browser loads
 * and parses each WebVTT file through a <track> kept `hidden` (never `showing`: we draw the cues
 * ourselves, at most one per track, above the controls); a track nobody needs stays `disabled`, so the
 * English file loads only once it is chosen.
 */
import type { CaptionLanguage } from '../../../contract/schemas/captions.ts'
import type { PlayerPrefs } from '../data/preferences/player-prefs.ts'
import { toggleFullscreen } from './fullscreen.ts'
import type { Playback, Quality } from './hls-playback.ts'
import { clockTick } from './clock-tick.ts'
import { anchorLine, END_MARGIN_SECONDS, nextTarget, previousTarget, replayTarget, sortLines, type Line } from './lines.ts'
import { bindMediaSession, clearMediaSession, updateMediaSession } from './media-session.ts'
import { captionsOn, CONTROLS_HIDE_MS, EMPTY, initialPlayerState, SLOW_RATE, toolLines, type MediaInfo, type PlayerState } from './player-state.ts'
import { createStore, type Store } from './store.ts'

// The state's shape and readings live in player-state.ts; the views import them from here too.
export { captionsOn, SKIP_SECONDS, SLOW_RATE, SPEEDS, toolLines, type PlayerState } from './player-state.ts'

/** Choices made before the kept ones arrived: whole fields, and caption languages one by one. */
type EarlyPrefChanges = Partial<Omit<PlayerPrefs, 'captions'>> & { captions?: Partial<PlayerPrefs['captions']> }

export class PlayerController {
  readonly store: Store<PlayerState> = createStore(initialPlayerState())
  private video: HTMLVideoElement | null = null
  private stage: HTMLElement | null = null
  private playback: Playback | null = null
  private detach: (() => void) | null = null
  private frame = 0
  /** The position at the last check, for auto-pause; null right after a seek (no crossing over a jump). */
  private lastTime: number | null = null
  private hideTimer: ReturnType<typeof setTimeout> | undefined
  private holdControls = false
  /** Captions shown before the last C (or the caption button) turned them off. */
  private lastCaptions: PlayerPrefs['captions'] | null = null
  private onPrefs: ((prefs: PlayerPrefs) => void) | null = null
  /**
   * What the learner changed before her kept choices were read (a tap on a caption button while
   * IndexedDB still answers): laid over them when they arrive, not overwritten by them.
   */
  private changedBeforeKept: EarlyPrefChanges = {}
  private onTrackFailed: (() => void) | null = null
  private media: MediaInfo | null = null
  /** The lock screen's title and buttons are set: from the first play on (before it they show nothing). */
  private sessionBound = false

  get state(): PlayerState {
    return this.store.get()
  }

  /** Binds the element (null on unmount): its events feed the state; the caller keeps its own <track>s. */
  attach(video: HTMLVideoElement | null): void {
    this.detach?.()
    this.detach = null
    this.video = video
    if (!video) return
    const set = this.store.set
    const onPlay = () => {
      if (!this.sessionBound) this.bindMediaSession()
      set({ playing: true, autoPaused: false, announcement: '' })
      this.scheduleHide()
      this.loop()
    }
    const onPause = () => {
      set({ playing: false, waiting: false, time: video.currentTime, controlsShown: true })
      clearTimeout(this.hideTimer)
    }
    const onTime = () => this.check()
    const onSeeking = () => {
      this.lastTime = null
      set({ time: video.currentTime })
    }
    const handlers: Array<[string, () => void]> = [
      ['play', onPlay],
      ['playing', () => set({ waiting: false })],
      ['waiting', () => set({ waiting: true })],
      ['pause', onPause],
      ['ended', onPause],
      ['timeupdate', onTime],
      ['seeking', onSeeking],
      ['seeked', () => set({ time: video.currentTime })],
      ['durationchange', () => set({ duration: Number.isFinite(video.duration) ? video.duration : 0 })],
      ['loadedmetadata', () => set({ duration: Number.isFinite(video.duration) ? video.duration : 0 })],
    ]
    for (const [type, listener] of handlers) video.addEventListener(type, listener)
    const onFullscreen = () => set({ fullscreen: Boolean(document.fullscreenElement) && document.fullscreenElement === this.stage })
    document.addEventListener('fullscreenchange', onFullscreen)
    this.detach = () => {
      for (const [type, listener] of handlers) video.removeEventListener(type, listener)
      document.removeEventListener('fullscreenchange', onFullscreen)
      cancelAnimationFrame(this.frame)
      clearTimeout(this.hideTimer)
    }
    set({ playing: !video.paused, time: video.currentTime })
    // The Media Session waits for the first play: a phone shows it only for media that plays, and its
    // metadata and seven handlers cost the page's first render a few milliseconds (issue 32).
    this.sessionBound = false
    if (!video.paused) this.bindMediaSession()
  }

  /** The element that goes fullscreen (the picture with the line tools under it). */
  setStage(stage: HTMLElement | null): void {
    this.stage = stage
  }

  setPlayback(playback: Playback | null): void {
    this.playback = playback
    if (!playback) this.store.set({ qualities: [], quality: -1 })
  }

  setQualities(qualities: Quality[]): void {
    this.store.set({ qualities })
  }

  setFailed(failed: 'network' | 'media' | null): void {
    this.store.set({ failed })
  }

  setMediaInfo(info: MediaInfo): void {
    this.media = info
    if (this.sessionBound) this.bindMediaSession()
  }

  /** The learner's kept choices arrived (or changed elsewhere); `save` keeps each later change. */
  takePrefs(kept: PlayerPrefs, save: (prefs: PlayerPrefs) => void): void {
    const early = this.changedBeforeKept
    this.changedBeforeKept = {}
    const changed = Object.keys(early).length > 0
    const prefs = changed ? { ...kept, ...early, captions: { ...kept.captions, ...early.captions } } : kept
    this.onPrefs = save
    this.store.set({ prefs })
    if (changed) save(prefs)
  }

  setTrackFailedListener(listener: (() => void) | null): void {
    this.onTrackFailed = listener
  }

  /** The video's caption languages; the tool track is the video's own language (not English) when there is one. */
  setLanguages(languages: readonly CaptionLanguage[]): void {
    const toolLanguage = languages.find((language) => language !== 'en') ?? languages[0] ?? null
    const tracks: PlayerState['tracks'] = {}
    for (const language of languages) tracks[language] = this.state.tracks[language] ?? { lines: null, failed: false }
    this.store.set({ toolLanguage, tracks })
  }

  /** Whether a track's cues are needed now: the tool track always, another once it is shown. */
  trackNeeded(language: CaptionLanguage): boolean {
    return language === this.state.toolLanguage || Boolean(this.state.prefs.captions[language])
  }

  trackLoaded(language: CaptionLanguage, cues: Line[]): void {
    this.store.set((state) => ({ tracks: { ...state.tracks, [language]: { lines: sortLines(cues), failed: false } } }))
  }

  trackFailed(language: CaptionLanguage): void {
    this.store.set((state) => ({ tracks: { ...state.tracks, [language]: { lines: null, failed: true } } }))
    this.onTrackFailed?.()
  }

  // Playing

  play(): void {
    const video = this.video
    if (!video) return
    if (video.ended) video.currentTime = 0
    video.play().catch(() => undefined)
  }

  pause(): void {
    this.video?.pause()
  }

  togglePlay(): void {
    if (this.video?.paused ?? true) this.play()
    else this.pause()
  }

  seek(seconds: number): void {
    const video = this.video
    if (!video) return
    const duration = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY
    video.currentTime = Math.max(0, Math.min(seconds, duration))
    this.store.set({ time: video.currentTime, autoPaused: false })
  }

  skip(seconds: number): void {
    if (!this.video) return
    this.seek(this.video.currentTime + seconds)
    this.store.set({ announcement: '' })
    this.store.set({ announcement: seconds < 0 ? 'back' : 'forward' })
  }

  setSpeed(speed: number): void {
    if (this.video) this.video.playbackRate = speed
    this.store.set({ speed, slowLine: -1 })
  }

  setQuality(index: number): void {
    this.playback?.setQuality(index)
    this.store.set({ quality: index })
  }

  // Lines

  private now(): number {
    return this.video?.currentTime ?? this.state.time
  }

  /** Plays one line of the tool track from its start. */
  playLine(index: number): void {
    const line = toolLines(this.state)[index]
    if (!line) return
    this.seek(line.start)
    this.play()
  }

  replayLine(): void {
    this.playLine(replayTarget(toolLines(this.state), this.now()))
  }

  previousLine(): void {
    this.playLine(previousTarget(toolLines(this.state), this.now()))
  }

  nextLine(): void {
    this.playLine(nextTarget(toolLines(this.state), this.now()))
  }

  /** The line just heard once more at 0.75×, then the chosen speed again. */
  slowReplay(): void {
    const index = replayTarget(toolLines(this.state), this.now())
    if (index < 0 || !this.video) return
    this.video.playbackRate = SLOW_RATE
    this.store.set({ slowLine: index })
    this.playLine(index)
  }

  toggleLoop(): void {
    if (this.state.loopLine >= 0) return this.store.set({ loopLine: -1 })
    const index = replayTarget(toolLines(this.state), this.now())
    if (index < 0) return
    this.store.set({ loopLine: index })
    const line = toolLines(this.state)[index]
    const now = this.now()
    if (now < line.start || now >= line.end - END_MARGIN_SECONDS) this.seek(line.start)
    this.play()
  }

  toggleAutoPause(): void {
    this.savePrefs({ autoPause: !this.state.prefs.autoPause })
  }

  // Captions and listening

  setCaptions(captions: PlayerPrefs['captions']): void {
    this.savePrefs({ captions })
  }

  /** C and the caption button: off, or back to what was shown before (the video's own language the first time). */
  toggleCaptions(): void {
    const state = this.state
    if (captionsOn(state)) {
      this.lastCaptions = state.prefs.captions
      this.setCaptions({ vi: false, en: false })
    } else {
      const own = (Object.keys(state.tracks) as CaptionLanguage[]).find((language) => language !== 'en')
      const fallback = own ? { vi: false, en: false, [own]: true } : { vi: false, en: Boolean(state.tracks.en) }
      this.setCaptions(this.lastCaptions ?? fallback)
    }
  }

  setCaptionStyle(style: Partial<Pick<PlayerPrefs, 'size' | 'background' | 'doubleTapSkip' | 'wordColours' | 'pauseForWords' | 'jyutping'>>): void {
    this.savePrefs(style)
  }

  toggleListening(): void {
    this.savePrefs({ listening: !this.state.prefs.listening })
    this.store.set({ revealed: EMPTY })
  }

  /** Listening mode: shows one line's text (the line just heard when no index is given). */
  reveal(index = anchorLine(toolLines(this.state), this.now())): void {
    if (index < 0 || this.state.revealed.has(index)) return
    this.store.set((state) => ({ revealed: new Set([...state.revealed, index]) }))
  }

  private savePrefs(patch: Partial<PlayerPrefs>): void {
    const before = this.state.prefs
    const prefs = { ...before, ...patch }
    this.store.set({ prefs })
    if (this.onPrefs) return this.onPrefs(prefs)
    // Not read yet: remember the change itself (for captions, only the languages it turned on or off).
    const { captions, ...rest } = patch
    const early = { ...this.changedBeforeKept, ...rest }
    if (captions) {
      const turned = (Object.keys(captions) as CaptionLanguage[]).filter((language) => captions[language] !== before.captions[language])
      early.captions = { ...this.changedBeforeKept.captions, ...Object.fromEntries(turned.map((language) => [language, captions[language]])) }
    }
    this.changedBeforeKept = early
  }

  // Controls

  /** A touch, a key or the pointer: the controls show, and hide again after a while of play. */
  showControls(): void {
    this.store.set({ controlsShown: true })
    this.scheduleHide()
  }

  hideControls(): void {
    if (this.video && !this.video.paused && !this.holdControls && !this.state.settingsOpen) this.store.set({ controlsShown: false })
  }

  toggleControls(): void {
    if (this.state.controlsShown && this.video && !this.video.paused) this.store.set({ controlsShown: false })
    else this.showControls()
  }

  /** Focus is in the controls (a keyboard user): they stay until it leaves. */
  setControlsHeld(held: boolean): void {
    this.holdControls = held
    if (held) this.showControls()
    else this.scheduleHide()
  }

  setSettingsOpen(open: boolean): void {
    this.store.set({ settingsOpen: open })
    if (!open) this.scheduleHide()
  }

  private scheduleHide(): void {
    clearTimeout(this.hideTimer)
    this.hideTimer = setTimeout(() => this.hideControls(), CONTROLS_HIDE_MS)
  }

  toggleFullscreen(): Promise<void> {
    return toggleFullscreen(this.stage, this.video)
  }

  // The clock: once a frame while playing (timeupdate in the background, where frames stop)

  private loop(): void {
    cancelAnimationFrame(this.frame)
    const tick = () => {
      if (!this.video || this.video.paused) return
      this.check()
      this.frame = requestAnimationFrame(tick)
    }
    this.frame = requestAnimationFrame(tick)
  }

  /** Auto-pause, loop and the end of a slow replay, then the time the views show. */
  private check(): void {
    const video = this.video
    if (!video) return
    const time = video.currentTime
    const previous = this.lastTime
    this.lastTime = time
    const state = this.state
    const tick = clockTick(state, previous, time, !video.paused)
    if (tick.loopTo !== undefined) return this.seek(tick.loopTo)
    if (tick.endSlow) {
      video.playbackRate = state.speed
      this.store.set({ slowLine: -1 })
    }
    if (tick.autoPause) {
      video.pause()
      this.store.set({ autoPaused: true, time: video.currentTime, announcement: 'autoPaused' })
      return
    }
    if (tick.showTime) this.store.set({ time })
  }

  // Lock screen and headset buttons (media-session.ts)

  private bindMediaSession(): void {
    if (!this.video || !this.media) return
    // The controller's own play, pause, skip, seek and line steps answer the buttons.
    this.sessionBound = bindMediaSession(this.media, this) || this.sessionBound
  }

  /** The lock screen's position and state, kept in step with the player. */
  updateMediaSession(): void {
    if (this.video) updateMediaSession(this.state, this.video.playbackRate)
  }

  dispose(): void {
    this.attach(null)
    if (this.media) clearMediaSession()
  }
}
