/**
 * The studio's tracks as files: WebVTT written from the cues (only timed cues: a line not yet timed
 * stays in the draft, the server only ever holds valid WebVTT), and a VTT or SRT file read into cues,
 * each English cue matched to the cue it overlaps most (the two tracks share one timing in the studio).
 * The written file passes the server's check (sync-server/src/captions/parse-vtt.ts): a signature,
 * increasing times in HH:MM:SS.mmm, text with `&`, `<` and `>` escaped (a line holding "-->" is not
 * read as a timing line), no blank line inside a cue, NFC text.
 */
import { parseText } from 'media-captions'
import { isTimed, roundTime, type StudioCue, type TimedCue } from './cue-ops.ts'

export function vttTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

function cueText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n')
}

/** The track of `which` (the cue's own text, or its English line) as WebVTT; cues with no text in it are left out. */
export function toWebVtt(cues: readonly StudioCue[], which: 'text' | 'english'): string {
  const blocks = cues
    .filter((cue): cue is TimedCue => isTimed(cue) && cue.end > cue.start && cueText(cue[which]) !== '')
    .sort((a, b) => a.start - b.start)
    .map((cue) => `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cueText(cue[which])}`)
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`
}

/** How many cues of the track would be written: the timed ones with text. */
export function writableCount(cues: readonly StudioCue[], which: 'text' | 'english'): number {
  return cues.filter((cue) => isTimed(cue) && cue.end > cue.start && cueText(cue[which]) !== '').length
}

export interface FileCue {
  start: number
  end: number
  text: string
}

const TAG = /<[^>]*>/g
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&lrm;': '', '&rlm;': '' }

function plain(text: string): string {
  return text
    .replace(TAG, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n')
}

/** A caption file's cues (VTT, or SRT when it does not start with WEBVTT), tags dropped, line breaks kept; null when it holds none. */
export async function readCaptionFile(text: string): Promise<FileCue[] | null> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const type = body.trimStart().startsWith('WEBVTT') ? 'vtt' : 'srt'
  const parsed = await parseText(body.normalize('NFC'), { type })
  const cues = parsed.cues
    .map((cue) => ({ start: roundTime(cue.startTime), end: roundTime(cue.endTime), text: plain(cue.text) }))
    .filter((cue) => cue.end > cue.start && cue.text !== '')
  return cues.length > 0 ? cues : null
}

function overlap(a: FileCue, b: FileCue): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start))
}

/**
 * The studio's cues of a track and, when there is one, its English track: each English cue joins the
 * cue it overlaps most (two English cues over one cue are joined by a space).
 */
export function mergeTracks(main: readonly FileCue[], english: readonly FileCue[] = [], newId: () => string = () => crypto.randomUUID()): StudioCue[] {
  const cues: StudioCue[] = main.map((cue) => ({ id: newId(), start: cue.start, end: cue.end, text: cue.text, english: '' }))
  for (const line of english) {
    let best = -1
    let bestOverlap = 0
    main.forEach((cue, i) => {
      const shared = overlap(cue, line)
      if (shared > bestOverlap) {
        best = i
        bestOverlap = shared
      }
    })
    if (best === -1) continue
    const cue = cues[best]
    cue.english = cue.english ? `${cue.english} ${line.text.replace(/\n/g, ' ')}` : line.text.replace(/\n/g, ' ')
  }
  return cues
}
