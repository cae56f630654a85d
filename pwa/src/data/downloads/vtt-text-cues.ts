/**
 * A stored WebVTT track read as plain lines, for searching it on the device: each cue's start and its
 * words without tags or entities, lines joined by a space, exactly as the server keeps a cue's text
 * for its own transcript search (sync-server's `captions/parse-vtt.ts`), so a line found offline reads
 * as the one found online. Parsed by `media-captions`, the server's maintained parser; imported only
 * by the offline search's lazily loaded chunk, so no page pays for the parser until a search needs it.
 */
import { parseText } from 'media-captions'
import { cuePlainText } from '../../../../contract/cue-text.ts'

export interface TextCue {
  start: number
  text: string
}

/** The cues of a WebVTT file, in the file's order; a file the parser cannot read gives none. */
export async function textCuesOf(vtt: string): Promise<TextCue[]> {
  const parsed = await parseText(vtt.normalize('NFC'), { type: 'vtt' })
  return parsed.cues.map((cue) => ({ start: cue.startTime, text: cuePlainText(cue) }))
}
