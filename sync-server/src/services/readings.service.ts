/**
 * The readings of a transcript's lines (issue 46): for a language with a reading system (Cantonese:
 * Jyutping), each Han character's reading, computed when the transcript is answered (contract/readings.ts)
 * so a correction in the lexicon (an entry's `reading`) shows in every transcript at once, with no
 * track segmented again. The dictionary (`to-jyutping`, 390 KB of data) is loaded the first time a
 * Cantonese transcript is asked for, not at start, and never by the PWA (its bundle stays as it was).
 * A line costs about 7 µs.
 */
import { readLine, type Reading, type ReadingLookup, type WordToken } from '../../../contract/index.ts'
import type { LexiconService } from './lexicon.service.ts'

/** The languages whose lines have readings, and the dictionary of each. */
const DICTIONARIES: Record<string, () => Promise<ReadingLookup>> = {
  yue: async () => (await import('to-jyutping')).getJyutpingList,
}

export type ReadingsService = ReturnType<typeof createReadingsService>

export function createReadingsService(deps: { lexicon: Pick<LexiconService, 'corrections'> }) {
  const loaded = new Map<string, Promise<ReadingLookup>>()
  return {
    /** How to read a line of this language, or undefined when it has no readings (Vietnamese). */
    async readerFor(language: string): Promise<((text: string, tokens: readonly WordToken[]) => Reading[]) | undefined> {
      const load = DICTIONARIES[language]
      if (!load) return undefined
      if (!loaded.has(language)) loaded.set(language, load())
      const [lookup, corrections] = await Promise.all([loaded.get(language)!, deps.lexicon.corrections(language)])
      return (text, tokens) => readLine(text, tokens, lookup, corrections)
    },
  }
}
