/**
 * Reads an uploaded caption file: UTF-8 (the line that is not, named), NFC (Vietnamese tone marks
 * arrive composed or decomposed; stored composed so search and display agree), WebVTT as the
 * `media-captions` parser reads it (its errors carry their line), every cue inside the video.
 *
 * The parser drops a cue whose end is not after its start without a word, so the cue blocks are
 * walked beside it (only to learn each cue's line: the timing line is the first line holding "-->" in
 * a block, as the parser takes it, and its times are read with the parser's own parseVTTTimestamp):
 * a block whose timing the parser could not take is reported on its line, and each cue kept is
 * matched to its block in order, so a cue past the video's end is named by its line too.
 */
import { parseText, parseVTTTimestamp, ParseErrorCode } from 'media-captions'
import { CUE_MAX_TAG_DEPTH, readCue } from '../../../contract/cue-text.ts'
import { MAX_COMBINING_MARKS_IN_A_ROW, stacksMarks, stripBidiControls } from '../../../contract/visible-text.ts'
import { CAPTIONS_END_TOLERANCE_SECONDS, CAPTIONS_MAX_CUES } from '../../../contract/index.ts'

export interface ParsedCue {
  start: number
  end: number
  /** The cue's text without tags or entities (`<v Mẹ>Chào &amp; hỏi</v>` → `Chào & hỏi`), lines joined by a space. */
  text: string
}

export type ParsedCaptions =
  | { ok: true; vtt: string; cues: ParsedCue[]; durationSeconds: number }
  | { ok: false; errors: string[] }

/** WebVTT's line terminators: CRLF, LF or CR. */
const LINE_BREAK = /\r\n|\r|\n/
const TIMING_ARROW = '-->'
/** How the parser splits a timing line: start, then end and settings after the arrow. */
const ARROW_SPLIT = /[\s\t]*-->[\s\t]+/
const SPACES = /[\s\t]+/
const MAX_ERRORS = 20

/**
 * `videoSeconds`: the video's length when it is known (after processing); null skips the length
 * rule (captions sent with the upload, before the video has been probed).
 */
export async function parseCaptions(bytes: Uint8Array, videoSeconds: number | null): Promise<ParsedCaptions> {
  if (countArrows(bytes, CAPTIONS_MAX_CUES) > CAPTIONS_MAX_CUES) return tooManyCues()
  const decoded = decodeUtf8(bytes)
  if (!decoded.ok) return { ok: false, errors: [`Line ${decoded.line}: the file is not UTF-8 text.`] }
  // Bidi controls and direction marks go (contract/visible-text.ts): a line must read on screen as it is stored and searched.
  const vtt = stripBidiControls((decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text).normalize('NFC'))
  if (vtt.includes('\0')) return { ok: false, errors: [`Line ${lineOf(vtt, vtt.indexOf('\0'))}: the file holds a NUL character.`] }

  const parsed = await parseText(vtt, { type: 'vtt', errors: true })
  if (parsed.errors.some((error) => error.code === ParseErrorCode.BadSignature)) {
    return { ok: false, errors: ['Line 1: the file is not WebVTT (it must start with "WEBVTT").'] }
  }
  const errors: string[] = []
  for (const error of parsed.errors) {
    // Settings a browser ignores (`foo:bar`) do no harm; a wrong timestamp or setting value does.
    if (error.code === ParseErrorCode.UnknownSetting) continue
    errors.push(`Line ${error.line}: ${error.message.replace(/ on line \d+/, '')}.`)
  }
  // A run of marks past what a letter needs draws over the lines around it (the comments' rule too).
  if (stacksMarks(vtt)) {
    vtt.split(LINE_BREAK).forEach((line, i) => {
      if (stacksMarks(line)) errors.push(`Line ${i + 1}: more than ${MAX_COMBINING_MARKS_IN_A_ROW} accent marks are stacked on one letter.`)
    })
  }

  const blocks = timingLines(vtt)
  const kept = blocks.filter((block) => block.readable)
  for (const block of blocks) {
    if (block.start !== null && block.end !== null && block.end <= block.start) {
      errors.push(`Line ${block.line}: the cue ends before it starts (or when it starts).`)
    }
  }
  // Matched in order; should the walk ever disagree with the parser, cues are named by their times.
  const lineOfCue = (i: number) => (kept.length === parsed.cues.length ? `Line ${kept[i].line}` : `The cue at ${clock(parsed.cues[i].startTime)}`)
  if (videoSeconds !== null) {
    parsed.cues.forEach((cue, i) => {
      if (cue.endTime > videoSeconds + CAPTIONS_END_TOLERANCE_SECONDS) {
        errors.push(`${lineOfCue(i)}: the cue ends at ${clock(cue.endTime)}, after the video's end (${clock(videoSeconds)}).`)
      }
    })
  }
  if (errors.length === 0 && parsed.cues.length === 0) errors.push('The file has no cues.')
  if (errors.length > 0) return { ok: false, errors: sortedByLine(errors).slice(0, MAX_ERRORS) }

  if (parsed.cues.length > CAPTIONS_MAX_CUES) return tooManyCues()
  const readings = parsed.cues.map(readCue)
  const tooDeep = readings.flatMap((reading, i) => (reading.depth > CUE_MAX_TAG_DEPTH ? [`${lineOfCue(i)}: the cue's tags nest ${reading.depth} deep; at most ${CUE_MAX_TAG_DEPTH}.`] : []))
  if (tooDeep.length > 0) return { ok: false, errors: tooDeep.slice(0, MAX_ERRORS) }
  const cues = parsed.cues.map((cue, i) => ({ start: cue.startTime, end: cue.endTime, text: readings[i].text }))
  return { ok: true, vtt, cues, durationSeconds: Math.max(...cues.map((cue) => cue.end)) }
}

const ARROW = '-->'

/**
 * How many timing arrows the bytes hold, counting up to `stopAfter` + 1: at least one per cue, so more
 * than CAPTIONS_MAX_CUES of them refuses the file before any parsing (a scan of about a millisecond for
 * 1 MB). Counted over the bytes: `-->` is ASCII, in UTF-8 never part of another character.
 */
export function countArrows(bytes: Uint8Array, stopAfter = Infinity): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let count = 0
  for (let at = buffer.indexOf(ARROW); at !== -1 && count <= stopAfter; at = buffer.indexOf(ARROW, at + ARROW.length)) count++
  return count
}

/** The refusal of a file with more cues than a track may have (CAPTIONS_MAX_CUES). */
export function tooManyCues(): ParsedCaptions {
  return { ok: false, errors: [`The file has more than ${CAPTIONS_MAX_CUES.toLocaleString('en')} cues, the most a track may have.`] }
}

function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | { ok: false; line: number } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) }
  } catch {
    // Find the first line whose bytes do not decode (LF ends a line in any of WebVTT's terminators but CR alone).
    const strict = new TextDecoder('utf-8', { fatal: true })
    let line = 1
    let from = 0
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a || bytes[i] === 0x0d) {
        try {
          strict.decode(bytes.subarray(from, i))
        } catch {
          return { ok: false, line }
        }
        if (i < bytes.length && bytes[i] === 0x0d && bytes[i + 1] === 0x0a) i++
        line++
        from = i + 1
      }
    }
    return { ok: false, line: 1 }
  }
}

interface TimingLine {
  line: number
  start: number | null
  end: number | null
  readable: boolean
}

/** The timing line of each block the parser reads as a cue, with the times it gives them. */
function timingLines(vtt: string): TimingLine[] {
  const lines = vtt.split(LINE_BREAK)
  const found: TimingLine[] = []
  let inBlock = false
  let skipping = false // the header, a NOTE or REGION block, or a cue whose timing line is passed
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line === '') {
      inBlock = false
      skipping = false
      continue
    }
    if (!inBlock) {
      inBlock = true
      skipping = i === 0 || line.startsWith('NOTE') || line.startsWith('REGION')
    }
    if (skipping || !line.includes(TIMING_ARROW)) continue
    const [startText, rest = ''] = line.split(ARROW_SPLIT)
    const start = parseVTTTimestamp(startText)
    const end = parseVTTTimestamp(rest.split(SPACES)[0] ?? '')
    found.push({ line: i + 1, start, end, readable: start !== null && end !== null && end > start })
    skipping = true
  }
  return found
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split(LINE_BREAK).length
}

function sortedByLine(errors: string[]): string[] {
  const lineNumber = (error: string) => Number(/^Line (\d+)/.exec(error)?.[1] ?? Number.MAX_SAFE_INTEGER)
  return [...errors].sort((a, b) => lineNumber(a) - lineNumber(b))
}

/** 84.5 → "1:24.5": how a person reads a time in a file. */
export function clock(seconds: number): string {
  const whole = Math.floor(seconds)
  const fraction = Math.round((seconds - whole) * 1000)
  const text = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
  return fraction ? `${text}.${String(fraction).padStart(3, '0').replace(/0+$/, '')}` : text
}
