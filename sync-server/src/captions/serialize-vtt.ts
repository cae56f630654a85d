/**
 * Writes cues as a WebVTT file: the preview cut of a track (its cues up to the preview, the last one
 * ending there) is served from the stored cues rather than the uploaded file.
 */
import type { TranscriptCue } from '../../../contract/index.ts'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/** 84.5 → "00:01:24.500" */
export function vttTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const hours = Math.floor(ms / 3_600_000)
  const minutes = Math.floor((ms % 3_600_000) / 60_000)
  const rest = (ms % 60_000) / 1000
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(hours)}:${two(minutes)}:${rest.toFixed(3).padStart(6, '0')}`
}

export function cuesToVtt(cues: readonly TranscriptCue[]): string {
  const blocks = cues.map((cue) => `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cue.text.replace(/[&<>]/g, (c) => ESCAPES[c])}`)
  return ['WEBVTT', ...blocks].join('\n\n') + '\n'
}

/** The cues a preview may show: those that start before `seconds`, the last one cut to end there. */
export function cutCuesAt<T extends TranscriptCue>(cues: readonly T[], seconds: number): T[] {
  return cues.filter((cue) => cue.start < seconds).map((cue) => (cue.end > seconds ? { ...cue, end: seconds } : cue))
}
