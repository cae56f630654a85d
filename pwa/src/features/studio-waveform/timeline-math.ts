/**
 * The arithmetic of the studio's timeline, pure so it is tested alone: which part of the peaks a pixel
 * column shows, where a time falls on the strip, which window of the video is in view, and how far an
 * edge of a cue may be dragged (never across its neighbour, never past its own other edge).
 */

export interface TimedCue {
  id: string
  start: number
  end: number
}

/** The shortest a cue may be made by dragging or nudging an edge (seconds). */
export const MIN_CUE_SECONDS = 0.1
/** One arrow key press on an edge (seconds). */
export const NUDGE_SECONDS = 0.1

export const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000

export function timeToX(seconds: number, viewStart: number, viewSeconds: number, width: number): number {
  return ((seconds - viewStart) / viewSeconds) * width
}

export function xToTime(x: number, viewStart: number, viewSeconds: number, width: number): number {
  return viewStart + (x / width) * viewSeconds
}

/**
 * The loudest peak under each of `columns` pixel columns of the window [viewStart, viewStart +
 * viewSeconds): the maximum of the peaks whose time falls in the column, or, zoomed in further than one
 * peak a column, the peak the column's start falls in. Columns beyond the audio's end are 0.
 */
export function peakColumns(peaks: ArrayLike<number>, peaksPerSecond: number, viewStart: number, viewSeconds: number, columns: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, Math.floor(columns)))
  if (peaksPerSecond <= 0 || viewSeconds <= 0) return out
  const perColumn = (viewSeconds * peaksPerSecond) / out.length
  const first = viewStart * peaksPerSecond
  for (let column = 0; column < out.length; column++) {
    const from = Math.floor(first + column * perColumn)
    const to = Math.max(from + 1, Math.floor(first + (column + 1) * perColumn))
    let loudest = 0
    for (let index = Math.max(0, from); index < to && index < peaks.length; index++) if (peaks[index]! > loudest) loudest = peaks[index]!
    out[column] = Math.min(255, loudest)
  }
  return out
}

/** A peak (0..255) as the half-height of its bar, in pixels, on a strip `height` high (at least a hairline when not silent). */
export function peakHalfHeight(peak: number, height: number): number {
  if (peak <= 0) return 0
  return Math.max(0.5, (Math.min(peak, 255) / 255) * (height / 2))
}

/**
 * The first second in view: the window keeps its place while the playhead is inside it, and turns a page
 * (the playhead a tenth of the way in) when it leaves or nears the right edge. Never before 0 nor past
 * the end.
 */
export function followPlayhead(viewStart: number, currentTime: number, viewSeconds: number, duration: number): number {
  const inView = currentTime >= viewStart && currentTime <= viewStart + viewSeconds * 0.9
  return clampViewStart(inView ? viewStart : currentTime - viewSeconds * 0.1, viewSeconds, duration)
}

export function clampViewStart(viewStart: number, viewSeconds: number, duration: number): number {
  return Math.max(0, Math.min(viewStart, Math.max(0, duration - viewSeconds)))
}

/** The cues sorted by start (ties by end), the order that says who is whose neighbour. */
export function sortCues<T extends TimedCue>(cues: readonly T[]): T[] {
  return [...cues].sort((a, b) => a.start - b.start || a.end - b.end)
}

/** The cues of a sorted list that show in [from, to): a binary search, then back over any long cue still running. */
export function cuesInView<T extends TimedCue>(sorted: readonly T[], from: number, to: number): T[] {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (sorted[middle]!.start < from) low = middle + 1
    else high = middle
  }
  let first = low
  // A cue that began before the window may still be running in it (at most a few: cues are short).
  for (let index = low - 1; index >= 0 && index >= low - 20; index--) if (sorted[index]!.end > from) first = index
  const out: T[] = []
  for (let index = first; index < sorted.length && sorted[index]!.start < to; index++) if (sorted[index]!.end > from) out.push(sorted[index]!)
  return out
}

export type Edge = 'start' | 'end'

/**
 * Where an edge may go: a start between the previous cue's end and its own end less the minimum; an end
 * between its own start plus the minimum and the next cue's start; both within [0, duration]. Where the
 * cues already overlap, the edge may stay where it is (it is never pushed across by the clamp itself).
 */
export function edgeBounds(sorted: readonly TimedCue[], index: number, edge: Edge, duration: number): { min: number; max: number } {
  const cue = sorted[index]!
  if (edge === 'start') {
    const previous = sorted[index - 1]
    const min = previous ? Math.min(previous.end, cue.start) : 0
    return { min: Math.max(0, min), max: Math.max(min, cue.end - MIN_CUE_SECONDS) }
  }
  const next = sorted[index + 1]
  const max = next ? Math.max(next.start, cue.end) : Math.max(duration, cue.end)
  return { min: Math.min(max, cue.start + MIN_CUE_SECONDS), max }
}

/** The cue's times once its edge is moved to `proposed` (seconds), clamped by `edgeBounds`, to the millisecond. */
export function moveEdge(sorted: readonly TimedCue[], index: number, edge: Edge, proposed: number, duration: number): { start: number; end: number } {
  const cue = sorted[index]!
  const { min, max } = edgeBounds(sorted, index, edge, duration)
  const at = round3(Math.min(max, Math.max(min, proposed)))
  return edge === 'start' ? { start: at, end: cue.end } : { start: cue.start, end: at }
}

/** A tick every this many seconds, so a window shows about six labels. */
export function tickStep(viewSeconds: number): number {
  for (const step of [1, 2, 5, 10, 15, 30, 60, 120, 300]) if (viewSeconds / step <= 8) return step
  return 600
}

/** 75.25 → "1:15.2"; with `tenths` false → "1:15". */
export function clockLabel(seconds: number, tenths = true): string {
  const whole = Math.max(0, seconds)
  const minutes = Math.floor(whole / 60)
  const rest = whole - minutes * 60
  const secondsText = tenths ? (Math.floor(rest * 10) / 10).toFixed(1).padStart(4, '0') : String(Math.floor(rest)).padStart(2, '0')
  return `${minutes}:${secondsText}`
}
