/**
 * The studio's timing operations, pure: each takes the cue list and answers a new one (the list is
 * never changed in place, so React and the draft's writes see a new value). A cue's times are null
 * until it is timed: lines written first and timed later (Amara's way) keep their text and their
 * English line in the draft while they wait. Times are seconds, rounded to the millisecond so a
 * nudge of 0.1 s lands on 0.1 s and not on 0.30000000000000004.
 */

import type { StudioCue } from '../../data/studio/index.ts'

export type { StudioCue }

export type TimedCue = StudioCue & { start: number; end: number }

/** The shortest a cue may be made by a nudge, a split or a drag: a tenth of a second. */
export const MIN_CUE_SECONDS = 0.1
/** A cue the last tap opened and no tap closed gets this long until it is fixed by hand. */
export const DEFAULT_LAST_CUE_SECONDS = 2
export const NUDGE_SECONDS = 0.1

type NewId = () => string
const randomId: NewId = () => crypto.randomUUID()

export function roundTime(seconds: number): number {
  return Math.max(0, Math.round(seconds * 1000) / 1000)
}

export function isTimed(cue: StudioCue): cue is TimedCue {
  return cue.start !== null && cue.end !== null
}

/**
 * Whether two cues say the same: the draft read back from IndexedDB brings new objects of unchanged
 * cues, and a row shown for one of them need not render again.
 */
export function sameCue(a: StudioCue, b: StudioCue): boolean {
  return a === b || (a.id === b.id && a.start === b.start && a.end === b.end && a.text === b.text && a.english === b.english)
}

/**
 * The cues of a pasted or typed transcript, one line a caption; blank lines are left out. `previous`
 * keeps what each line had (its id, times and English) when the text is edited again: line i keeps cue
 * i's, so retyping a word does not lose its timing.
 */
export function cuesFromLines(text: string, previous: readonly StudioCue[] = [], newId: NewId = randomId): StudioCue[] {
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => line !== '')
  return lines.map((line, i) => {
    const before = previous[i]
    return before ? (before.text === line ? before : { ...before, text: line }) : { id: newId(), start: null, end: null, text: line, english: '' }
  })
}

/** The transcript as the Write step's box shows it: one line a cue (a cue's own line break as a space). */
export function linesOf(cues: readonly StudioCue[]): string {
  return cues.map((cue) => cue.text.replace(/\n/g, ' ')).join('\n')
}

function replaceAt(cues: readonly StudioCue[], index: number, cue: StudioCue): StudioCue[] {
  const next = cues.slice()
  next[index] = cue
  return next
}

/**
 * A tap while the video plays at `time`: line `index` starts now and the line before it ends now. A tap
 * past the last line (`index === cues.length`) ends the last line. A tap that would end the line before
 * at or before its own start (the video was seeked back) changes nothing: the caller keeps its place.
 */
export function tapAt(cues: readonly StudioCue[], index: number, time: number): StudioCue[] {
  const at = roundTime(time)
  const before = index > 0 ? cues[index - 1] : undefined
  if (before && before.start !== null && at < before.start + MIN_CUE_SECONDS) return cues.slice()
  let next = cues.slice()
  if (before && before.start !== null) next = replaceAt(next, index - 1, { ...before, end: at })
  const cue = next[index]
  if (cue) {
    // Until the next tap closes it, a line runs a default length (or up to the next timed line).
    const following = next[index + 1]
    const limit = following?.start !== null && following?.start !== undefined && following.start > at ? following.start : Infinity
    next = replaceAt(next, index, { ...cue, start: at, end: roundTime(Math.min(at + DEFAULT_LAST_CUE_SECONDS, limit)) })
  }
  return next
}

/** The index of the first line not yet timed (cues.length when every line is). */
export function nextUntimed(cues: readonly StudioCue[]): number {
  const index = cues.findIndex((cue) => cue.start === null)
  return index === -1 ? cues.length : index
}

export type Edge = 'start' | 'end' | 'both'

/** Moves a cue's start, end or both by `delta` seconds; a cue never gets shorter than MIN_CUE_SECONDS nor starts before 0. */
export function nudge(cues: readonly StudioCue[], id: string, edge: Edge, delta: number): StudioCue[] {
  const index = cues.findIndex((cue) => cue.id === id)
  const cue = cues[index]
  if (!cue || !isTimed(cue)) return cues.slice()
  if (edge === 'both') {
    const shift = Math.max(delta, -cue.start)
    return replaceAt(cues, index, { ...cue, start: roundTime(cue.start + shift), end: roundTime(cue.end + shift) })
  }
  const start = edge === 'start' ? cue.start + delta : cue.start
  const end = edge === 'end' ? cue.end + delta : cue.end
  return setEdges(cues, id, start, end, edge)
}

/**
 * Sets a cue's times (a drag on the timeline, a typed time). The edge that was not moved holds, and
 * the moved one stops MIN_CUE_SECONDS short of it.
 */
export function setEdges(cues: readonly StudioCue[], id: string, start: number, end: number, moved: Edge = 'both'): StudioCue[] {
  const index = cues.findIndex((cue) => cue.id === id)
  const cue = cues[index]
  if (!cue) return cues.slice()
  let from = roundTime(start)
  let to = roundTime(end)
  if (to - from < MIN_CUE_SECONDS) {
    if (moved === 'start') from = roundTime(to - MIN_CUE_SECONDS)
    else to = roundTime(from + MIN_CUE_SECONDS)
  }
  return replaceAt(cues, index, { ...cue, start: from, end: to })
}

/** Where a line splits when no place is given: the word boundary nearest its middle. */
function middleBreak(text: string): number {
  const middle = text.length / 2
  let best = -1
  for (let i = 0; i < text.length; i++) if (/\s/.test(text[i]) && (best === -1 || Math.abs(i - middle) < Math.abs(best - middle))) best = i
  return best === -1 ? Math.floor(middle) : best
}

/**
 * Splits a cue in two: the text at `textAt` (a character index; the middle word boundary when not
 * given), the time at `timeAt` (the text's share of the cue when not given). The English line stays
 * with the first half. A split that would leave a half shorter than MIN_CUE_SECONDS is refused.
 */
export function splitCue(cues: readonly StudioCue[], id: string, options: { textAt?: number; timeAt?: number } = {}, newId: NewId = randomId): StudioCue[] {
  const index = cues.findIndex((cue) => cue.id === id)
  const cue = cues[index]
  if (!cue) return cues.slice()
  const at = options.textAt ?? middleBreak(cue.text)
  const first = cue.text.slice(0, at).trim()
  const second = cue.text.slice(at).trim()
  let times: { a: [number | null, number | null]; b: [number | null, number | null] } = { a: [null, null], b: [null, null] }
  if (isTimed(cue)) {
    const share = cue.text.length > 0 ? first.length / (first.length + second.length || 1) : 0.5
    const middle = roundTime(options.timeAt ?? cue.start + (cue.end - cue.start) * share)
    if (middle - cue.start < MIN_CUE_SECONDS || cue.end - middle < MIN_CUE_SECONDS) return cues.slice()
    times = { a: [cue.start, middle], b: [middle, cue.end] }
  }
  const next = cues.slice()
  next.splice(index, 1, { ...cue, text: first, start: times.a[0], end: times.a[1] }, { id: newId(), text: second, english: '', start: times.b[0], end: times.b[1] })
  return next
}

function joined(a: string, b: string): string {
  return [a.trim(), b.trim()].filter((part) => part !== '').join(' ')
}

/** Joins a cue with the one after it: one line of both texts (and both English lines), from the first's start to the second's end. */
export function joinWithNext(cues: readonly StudioCue[], id: string): StudioCue[] {
  const index = cues.findIndex((cue) => cue.id === id)
  const cue = cues[index]
  const after = cues[index + 1]
  if (!cue || !after) return cues.slice()
  const start = cue.start ?? after.start
  const end = after.end ?? cue.end
  const next = cues.slice()
  next.splice(index, 2, { ...cue, text: joined(cue.text, after.text), english: joined(cue.english, after.english), start, end })
  return next
}

/** Changes one cue's text or English line (what typing in the cue list does). */
export function editCue(cues: readonly StudioCue[], id: string, change: Partial<Pick<StudioCue, 'text' | 'english'>>): StudioCue[] {
  const index = cues.findIndex((cue) => cue.id === id)
  const cue = cues[index]
  return cue ? replaceAt(cues, index, { ...cue, ...change }) : cues.slice()
}

/** Removes one cue. */
export function removeCue(cues: readonly StudioCue[], id: string): StudioCue[] {
  return cues.filter((cue) => cue.id !== id)
}

/** The cue playing at `time`: the last timed one that started at or before it and has not ended. */
export function cueAt(cues: readonly StudioCue[], time: number): StudioCue | undefined {
  let found: StudioCue | undefined
  for (const cue of cues) if (isTimed(cue) && cue.start <= time && time < cue.end) found = cue
  return found
}
