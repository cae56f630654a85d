/**
 * Measures real watching. Time counts only while the video is playing and the page is visible; a
 * pause, buffering, a seek or a hidden tab closes the current stretch. Each closed stretch becomes one
 * watch event, and a long stretch is cut every FLUSH_EVERY_SECONDS of play so that little is lost if the
 * page dies. Watched seconds are the time the media really advanced (position delta / speed), never
 * more than the wall time that passed: a stalled player or a throttled tab adds nothing.
 */
import { WATCH_EVENT_MAX_SECONDS, type WatchEventInput } from '../../../contract/schemas/watching.ts'

export const FLUSH_EVERY_SECONDS = 10
/** Shorter stretches are noise (a play immediately followed by a pause), not watching. */
const MIN_EVENT_SECONDS = 0.5
/** A position jump larger than playback can explain is a seek we did not hear about. */
const JUMP_TOLERANCE_SECONDS = 1.5

/** One watch event as the tracker measures it; the player adds the video and the outbox the client_id. */
export type WatchStretch = Omit<WatchEventInput, 'client_id' | 'video_id'>

interface Open {
  fromPosition: number
  lastPosition: number
  startedAt: number // monotonic ms
  rate: number
}

export class WatchTracker {
  private open: Open | null = null
  private playing = false
  private visible = true
  private rate = 1

  constructor(
    private readonly emit: (stretch: WatchStretch) => void,
    private readonly clock: { monotonic: () => number; wall: () => number } = {
      monotonic: () => performance.now(),
      wall: () => Date.now(),
    },
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
    this.visible = visible
    if (!visible) this.close(position)
    else this.start(position)
  }

  /** `timeupdate`: notices unseen seeks, and cuts a long stretch into events. */
  timeUpdate(position: number): void {
    const open = this.open
    if (!open) return
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
    if (elapsed >= FLUSH_EVERY_SECONDS) {
      this.close(position)
      this.start(position)
    }
  }

  /** Leaving the page: whatever is open counts. */
  dispose(position: number): void {
    this.stopped(position)
  }

  private start(position: number): void {
    if (!this.playing || !this.visible || this.open) return
    this.open = { fromPosition: position, lastPosition: position, startedAt: this.clock.monotonic(), rate: this.rate }
  }

  private close(position: number): void {
    const open = this.open
    this.open = null
    if (!open) return
    const to = Math.max(open.fromPosition, position)
    const elapsed = (this.clock.monotonic() - open.startedAt) / 1000
    const advanced = (to - open.fromPosition) / open.rate
    const watched = Math.min(elapsed, advanced, WATCH_EVENT_MAX_SECONDS)
    if (watched < MIN_EVENT_SECONDS) return
    this.emit({
      position_from: round(open.fromPosition),
      position_to: round(to),
      watched_seconds: round(watched),
      playback_rate: open.rate,
      occurred_at: new Date(this.clock.wall()).toISOString(),
    })
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000
