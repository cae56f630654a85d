/**
 * The words of a track's cues (issue 42): each cue segmented into its tokens (stored as JSON
 * `[[from, to, key], …]`) and the track's words counted, the preview's part apart. Pure: run by the
 * caption preparer's thread for an upload (prepare-track.ts) and by the resegmenting job in-process.
 */
import type { Segmenter } from '../../../contract/index.ts'
import type { TrackWordCount } from '../repositories/track-words.repository.ts'

/** A track's words as stored: each cue's tokens (JSON `[[from, to, key], …]`) and the counts. */
export interface TrackWords {
  tokens: string[]
  counts: TrackWordCount[]
}

/** One cue's tokens (JSON), its words counted into `counts` (the preview's part apart). */
export function segmentCue(segmenter: Segmenter, cue: { start: number; text: string }, previewSeconds: number, counts: Map<string, TrackWordCount>): string {
  const words = segmenter.segment(cue.text)
  const inPreview = cue.start < previewSeconds
  for (const word of words) {
    let count = counts.get(word.key)
    if (!count) counts.set(word.key, (count = { key: word.key, count: 0, preview_count: 0 }))
    count.count++
    if (inPreview) count.preview_count++
  }
  return JSON.stringify(words.map((word) => [word.from, word.to, word.key]))
}

/** Segments a track's cues (in order) and counts its words, the preview's part apart. */
export function wordsOfCues(segmenter: Segmenter, cues: ReadonlyArray<{ start: number; text: string }>, previewSeconds: number): TrackWords {
  const counts = new Map<string, TrackWordCount>()
  const tokens = cues.map((cue) => segmentCue(segmenter, cue, previewSeconds, counts))
  return { tokens, counts: [...counts.values()] }
}
