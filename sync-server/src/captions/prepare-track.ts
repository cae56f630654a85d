/**
 * Everything an uploaded caption file costs the CPU before it is written (issue 45 item 5): parsed
 * and checked (parse-vtt.ts), its script checked against its language, and, for the track in the
 * video's own language, segmented into words. Pure and synchronous in its answer: the caption
 * preparer's threads run it (prepare-off-thread.ts), the main thread only inside a caller's
 * transaction (captions.service.ts `save` with `db`).
 */
import { foreignCharacters, type CaptionLanguage, type Segmenter } from '../../../contract/index.ts'
import { parseCaptions, type ParsedCue } from './parse-vtt.ts'
import { vttTimestamp } from './serialize-vtt.ts'
import { wordsOfCues, type TrackWords } from './words-of-cues.ts'

/** The words made with one lexicon version and preview length, as the track notes them. */
export type PreparedWords = TrackWords & { lexiconVersion: number; previewSeconds: number }

export type PreparedTrack =
  | { ok: true; vtt: string; cues: ParsedCue[]; durationSeconds: number; words?: PreparedWords }
  | { ok: false; errors: string[] }

/** The segmenter a track's words are made with, and what the track notes of it. */
export interface Segmenting {
  segmenter: Segmenter
  version: number
  previewSeconds: number
}

/** The cues holding characters a track of this language may not (contract/caption-rules.ts), named by their start. */
export function scriptErrors(cues: ReadonlyArray<{ start: number; text: string }>, language: CaptionLanguage): string[] {
  const errors: string[] = []
  for (const cue of cues) {
    const foreign = foreignCharacters(cue.text, language)
    if (foreign.length > 0) errors.push(`The cue at ${vttTimestamp(cue.start)}: a ${language} track may not hold ${foreign.map((char) => `"${char}"`).join(', ')}.`)
    if (errors.length === 20) break
  }
  return errors
}

/** The file parsed and checked (its errors, as the 422 names them), then segmented when `segmenting` is given. */
export async function prepareTrack(bytes: Uint8Array, videoSeconds: number | null, language: CaptionLanguage, segmenting?: Segmenting): Promise<PreparedTrack> {
  const parsed = await parseCaptions(bytes, videoSeconds)
  if (!parsed.ok) return parsed
  const foreign = scriptErrors(parsed.cues, language)
  if (foreign.length > 0) return { ok: false, errors: foreign }
  if (!segmenting) return parsed
  const words = wordsOfCues(segmenting.segmenter, parsed.cues, segmenting.previewSeconds)
  return { ...parsed, words: { ...words, lexiconVersion: segmenting.version, previewSeconds: segmenting.previewSeconds } }
}
