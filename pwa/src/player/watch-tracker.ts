/**
 * Measures real watching. Time counts only while the video is playing and the page is visible; a
 * pause, buffering, a seek or a hidden tab closes the current stretch. Each stretch becomes one watch
 * event under one client_id: while it runs it is reported as open about every half second of play (so
 * a page that dies without a word loses at most that), and once closed it may be sent. A long stretch
 * is cut every MAX_STRETCH_SECONDS of play. Watched seconds are the time the media really advanced
 * (position delta / speed), never more than the wall time that passed: a stalled player or a
 * throttled tab adds nothing.
 *
 * Listening (commute mode: the audio alone) counts the same way, with two differences: a hidden page
 * does not stop it (the learner listens with the screen off, in another app), and its events say
 * `mode: listened`. A replayed second still counts once per wall-clock second on the server.
 */
import { uuidv7 } from '../../../contract/ids.ts'
import { WATCH_EVENT_MAX_SECONDS } from '../../../contract/vocabulary.ts'
import type { StretchUpdate, WatchStretch } from '../data/progress/watch-stretch.ts'

/**
 * Half the server's 60 s cap per event: the open stretch is durable, so cutting often no longer saves
 * anything; the cut only keeps each event well inside the cap and the outbox's rows few.
 */
export const MAX_STRETCH_SECONDS = 30
/**
 * An open stretch is reported again once it has grown by this much. timeupdate comes every 250 ms in
 * Chromium, so at most about 0.75 s of play is lost when the page is killed (the goal is 1 s), at
 * about two small writes a second.
 */
export const DURABLE_EVERY_SECONDS = 0.5
/** Shorter stretches are noise (a play immediately followed by a pause), not watching. */
const MIN_EVENT_SECONDS = 0.5
/** A position jump larger than playback can explain is a seek we did not hear about. */
const JUMP_TOLERANCE_SECONDS = 1.5


interface Open {
  id: string
  fromPosition: number
  lastPosition: number
  startedAt: number // monotonic ms
  rate: number
  /** Watched seconds at the last open report, or null before the first. */
  reported: number | null
}

export class WatchTracker {
  private open: Open | null = null
  private playing = false
  private visible = true
  private rate = 1

  constructor(
    private readonly emit: (update: StretchUpdate) => void,
    private readonly clock: { monotonic: () => number; wall: () => number } = {
      monotonic: () => performance.now(),
      wall: () => Date.now(),
    },
    private readonly newId: () => string = () => uuidv7(),
    private readonly listening = false,
  ) {}

  /** The media started or resumed playing (the `playing` event, after buffering or a seek too). */
  started(position: number, rate: number): void {
    this.playing = true
    this.rate = rate
    this.start(position)
  }

  /** Paused, buffering (`waiting`), seeking or ended: the stretch up to here counts, then stops. */
  stopped(position: number): void {
    this.playing = false
    this.close(position)
  }

  /** `seeking`: close at the last position heard before the jump, not the seek target. */
  seeking(): void {
    if (this.open) this.close(this.open.lastPosition)
  }

  rateChanged(position: number, rate: number): void {
    this.close(position)
    this.rate = rate
    this.start(position)
  }

  visibilityChanged(visible: boolean, position: number): void {
    // Listening goes on with the screen off: only watching needs the page in sight.
    this.visible = visible || this.listening
    if (!this.visible) this.close(position)
    else this.start(position)
  }

  /** `timeupdate`: notices unseen seeks, reports the open stretch as it grows, and cuts a long one. */
  timeUpdate(position: number): void {
    const open = this.open
    if (!open) {
      // Playing with nothing open: a seek closed the stretch and no `playing` followed it (WebKit
      // fires none after a seek within what is buffered, such as Replay the line): the time from here
      // counts. Nothing starts while paused, ended, waiting or hidden (start checks).
      this.start(position)
      return
    }
    const elapsed = (this.clock.monotonic() - open.startedAt) / 1000
    const backwards = position < open.lastPosition - JUMP_TOLERANCE_SECONDS
    const tooFar = position - open.fromPosition > elapsed * open.rate + JUMP_TOLERANCE_SECONDS
    if (backwards || tooFar) {
      // A seek: what was watched ends at the last position heard before it.
      this.close(open.lastPosition)
      this.start(position)
      return
    }
    open.lastPosition = position
    if (elapsed >= MAX_STRETCH_SECONDS) {
      this.close(position)
      this.start(position)
      return
    }
    const stretch = this.measure(open, position)
    if (stretch.watched_seconds >= MIN_EVENT_SECONDS && stretch.watched_seconds - (open.reported ?? 0) >= DURABLE_EVERY_SECONDS) {
      open.reported = stretch.watched_seconds
      this.emit({ id: open.id, stretch, open: true })
    }
  }

  /** Leaving the page: whatever is open counts. */
  dispose(position: number): void {
    this.stopped(position)
  }

  private start(position: number): void {
    if (!this.playing || !this.visible || this.open) return
    this.open = {
      id: this.newId(),
      fromPosition: position,
      lastPosition: position,
      startedAt: this.clock.monotonic(),
      rate: this.rate,
      reported: null,
    }
  }

  private close(position: number): void {
    const open = this.open
    this.open = null
    if (!open) return
    const stretch = this.measure(open, position)
    if (stretch.watched_seconds >= MIN_EVENT_SECONDS) this.emit({ id: open.id, stretch, open: false })
    // Reported while open, yet too short in the end (closed a hair before where it was last heard):
    // what was kept must go.
    else if (open.reported !== null) this.emit({ id: open.id, stretch: null, open: false })
  }

  /** The stretch from its start to `position`, as an event the server accepts. */
  private measure(open: Open, position: number): WatchStretch {
    const to = Math.max(open.fromPosition, position)
    const elapsed = (this.clock.monotonic() - open.startedAt) / 1000
    const advanced = (to - open.fromPosition) / open.rate
    const watched = Math.min(elapsed, advanced, WATCH_EVENT_MAX_SECONDS)
    return {
      position_from: round(open.fromPosition),
      position_to: round(to),
      watched_seconds: round(watched),
      playback_rate: open.rate,
      occurred_at: new Date(this.clock.wall()).toISOString(),
      ...(this.listening ? { mode: 'listened' as const } : {}),
    }
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000
