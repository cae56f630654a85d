/**
 * The readings of a line (issue 46): for a Cantonese line, each Han character's Jyutping with its tone
 * number ("行" hong4), as the transcript answers them beside the tokens and the PWA draws them above the
 * characters (ruby). Pure, no I/O, no zod: the server computes them and the PWA may too.
 *
 * - The readings of the whole line come from a dictionary lookup (the server's is `to-jyutping`'s
 *   `getJyutpingList`, which reads a character in the context of its neighbours: 銀行 ngan4 hong4).
 * - A lexicon entry's `reading` is a contributor's correction and wins for that word wherever it
 *   appears ("行長" hong4 zoeng2, which the dictionary reads haang4 coeng4): its syllables are given to
 *   the word's characters in order. A correction whose syllables do not match the word's characters
 *   one for one is given to the whole word (one reading over the span).
 * - Punctuation, digits and Latin letters have no reading here (a Latin word in a Cantonese line is
 *   read as it is written).
 */
import type { WordToken } from './segment.ts'

/** One reading over a span of the line: UTF-16 offsets, as tokens' are. */
export interface Reading {
  from: number
  to: number
  /** Jyutping syllables with their tone numbers, space-separated when a span holds more than one. */
  reading: string
}

/** A dictionary: the line's characters in order, each with its reading or null (punctuation, Latin). */
export type ReadingLookup = (text: string) => ReadonlyArray<readonly [string, string | null]>

/** A Jyutping syllable: initial, final, tone 1..6. */
const JYUTPING_SYLLABLE = /^(?:[bpmfdtnlgkhwzcsj]|ng|gw|kw)?(?:[aeiouy][a-z]*|m|ng)[1-6]$/
const HAN = /\p{Script=Han}/u

/** Whether a text is Jyutping (syllables with tone numbers, separated by spaces): a correction's rule. */
export function isJyutping(text: string): boolean {
  const syllables = text.trim().toLowerCase().split(/\s+/u)
  return syllables.length > 0 && syllables.every((syllable) => JYUTPING_SYLLABLE.test(syllable))
}

/** The tone of a Jyutping syllable (1..6), or null for none. */
export function jyutpingTone(syllable: string): number | null {
  const last = syllable.charCodeAt(syllable.length - 1) - 48
  return last >= 1 && last <= 6 ? last : null
}

/** The Han characters of a span, each with its UTF-16 offsets. */
function hanCharacters(text: string, from: number, to: number): Array<{ from: number; to: number }> {
  const chars: Array<{ from: number; to: number }> = []
  let i = from
  while (i < to) {
    const code = text.codePointAt(i)!
    const width = code > 0xffff ? 2 : 1
    if (HAN.test(String.fromCodePoint(code))) chars.push({ from: i, to: i + width })
    i += width
  }
  return chars
}

/**
 * The readings of one line: one per Han character (or one per corrected word whose correction does
 * not split one for one), in order, never overlapping.
 *
 * `tokens`: the line's words (contract/segment.ts); `corrections`: word key → Jyutping from the
 * lexicon's `reading` fields (keys as segment.ts makes them).
 */
export function readLine(
  text: string,
  tokens: readonly WordToken[],
  lookup: ReadingLookup,
  corrections: ReadonlyMap<string, string> = new Map(),
): Reading[] {
  const byOffset = new Map<number, Reading>()
  // The dictionary's readings of the whole line (context matters), matched to offsets character by character.
  let offset = 0
  for (const [char, reading] of lookup(text)) {
    const at = text.indexOf(char, offset)
    if (at === -1) continue
    offset = at + char.length
    if (reading && HAN.test(char)) byOffset.set(at, { from: at, to: offset, reading })
  }
  // A contributor's correction of a word wins over the dictionary for each of its characters.
  const corrected: Reading[] = []
  for (const token of tokens) {
    const correction = corrections.get(token.key)?.trim().toLowerCase().replace(/\s+/gu, ' ')
    if (!correction) continue
    const chars = hanCharacters(text, token.from, token.to)
    if (chars.length === 0) continue
    const syllables = correction.split(' ')
    for (const char of chars) byOffset.delete(char.from)
    if (syllables.length === chars.length) {
      chars.forEach((char, i) => byOffset.set(char.from, { ...char, reading: syllables[i]! }))
    } else {
      corrected.push({ from: chars[0]!.from, to: chars[chars.length - 1]!.to, reading: correction })
    }
  }
  return [...byOffset.values(), ...corrected].sort((a, b) => a.from - b.from)
}
