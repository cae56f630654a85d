/**
 * When each line is said: the script expanded into utterances (repeats, the retelling), then laid out
 * one after another with the pauses of the video's level. The captions and the picture both come
 * from this one list, so what is shown is what is heard, when it is heard.
 */
import type { DemoScript, ScriptLine } from './scripts/script.ts'

export interface Pacing {
  wordsPerMinute: number
  /** Silence between two sayings of the same line. */
  betweenRepeats: number
  /** Silence after a line, before the next one. */
  afterLine: number
}

export interface Utterance {
  line: ScriptLine
  pauseAfter: number
}

export interface Cue {
  /** Seconds from the start of the video. */
  start: number
  end: number
  said: string
  en?: string
}

export interface Timeline {
  /** Each utterance's window: from its first sound until the next one starts (the last: near the end). */
  cues: Cue[]
  /** Where each utterance's speech begins, in samples. */
  offsets: number[]
  totalSamples: number
  sampleRate: number
  seconds: number
}

const LEAD_IN_SECONDS = 1
const TAIL_SECONDS = 1

/** The script as said, in order; `sayings` keeps only the first few (tests shorten the demo this way). */
export function utterancesOf(script: DemoScript, pacing: Pacing, options: { sayings?: number } = {}): Utterance[] {
  const { lines } = script
  const out: Utterance[] = []
  for (const line of lines) {
    const times = line.repeat ?? script.repeat
    for (let time = 0; time < times; time++) {
      out.push({ line, pauseAfter: time < times - 1 ? pacing.betweenRepeats : pacing.afterLine })
    }
  }
  if (script.retell) {
    out.push({ line: script.retell, pauseAfter: pacing.afterLine * 1.5 })
    for (const line of lines) out.push({ line, pauseAfter: pacing.afterLine })
  }
  return options.sayings === undefined ? out : out.slice(0, options.sayings)
}

/** Lays the utterances out from their measured lengths (in samples at `sampleRate`). */
export function layOut(utterances: Utterance[], lengths: number[], sampleRate: number): Timeline {
  const offsets: number[] = []
  let at = Math.round(LEAD_IN_SECONDS * sampleRate)
  utterances.forEach((utterance, index) => {
    offsets.push(at)
    at += lengths[index]
    if (index < utterances.length - 1) at += Math.round(utterance.pauseAfter * sampleRate)
  })
  const totalSamples = at + Math.round(TAIL_SECONDS * sampleRate)
  const seconds = totalSamples / sampleRate
  const cues = utterances.map((utterance, index): Cue => {
    const start = offsets[index] / sampleRate
    const end = index < utterances.length - 1 ? offsets[index + 1] / sampleRate : seconds - TAIL_SECONDS / 2
    return { start, end, said: utterance.line.said, ...(utterance.line.en !== undefined && { en: utterance.line.en }) }
  })
  return { cues, offsets, totalSamples, sampleRate, seconds }
}
