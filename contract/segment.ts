/**
 * The one segmentation of a line into words (api-contract "Words"), used by the server when it stores a
 * track's tokens and by the PWA when it draws a line, so both halves always split a line alike. Pure, no
 * I/O, no zod (the PWA imports it).
 *
 * - A unit is a Vietnamese syllable (a run of letters and their marks) or, for Cantonese, one Han
 *   character (a run of other letters, an English word in a Cantonese line, is one unit too).
 * - Greedy longest match: at each unit, the longest run of units (up to 4 syllables for Vietnamese, 6
 *   characters for Cantonese) that is a headword of the lexicon is one word; a unit beginning no
 *   headword is a word of its own. A run never crosses anything but white space (a comma ends it).
 * - Numbers and punctuation are not words: they are in no token.
 * - A word's key is its text NFC-normalised and lower-cased, tones kept ("ma", "má", "mà" are three).
 * - Offsets are UTF-16 code units into the text as given (NFD input keeps its own offsets).
 *
 * Speed (issue 42: under 20 ms for the longest transcript and 600 cues at 4× CPU in the browser): the
 * lexicon is read once into a Set of keys per unit count and a Set of the first units of the longer
 * headwords, so a unit that begins none costs one lookup.
 */

export interface WordToken {
  /** Where the word starts and ends in the line, UTF-16 code units. */
  from: number
  to: number
  key: string
}

interface LanguageRule {
  /** The most units a headword may have. */
  maxUnits: number
  /** Between the units of one key: a space for syllables, nothing for characters. */
  joiner: string
  /** Han characters are units of their own. */
  characters: boolean
}

const RULES: Record<string, LanguageRule> = {
  vi: { maxUnits: 4, joiner: ' ', characters: false },
  yue: { maxUnits: 6, joiner: '', characters: true },
}
/** A language without a rule of its own is read as Vietnamese is (syllables between spaces). */
const DEFAULT_RULE = RULES.vi!

export function segmentRule(language: string): Readonly<LanguageRule> {
  return RULES[language] ?? DEFAULT_RULE
}

/**
 * The key of a word's text (a headword, what a learner typed): its units' keys joined as the segmenter
 * joins them, so a headword's key is the key a line's token gets; empty when it holds no letters.
 */
export function wordKey(text: string, language = 'vi'): string {
  return segmentUnits(text, language)
    .map((unit) => unit.key)
    .join(segmentRule(language).joiner)
}

interface Unit {
  from: number
  to: number
  key: string
  /** Only white space lies between this unit and the next one, so a word may go on into it. */
  joinsNext: boolean
}

// A Han character alone, or a run of other letters with their marks (and joiners inside a word).
const HAN_OR_RUN = /\p{Script=Han}|[\p{L}\p{M}](?:[\p{L}\p{M}\u200c\u200d]|['’](?=\p{L}))*/gu
const LETTER_RUN = /[\p{L}\p{M}](?:[\p{L}\p{M}\u200c\u200d]|['’](?=\p{L}))*/gu
const SPACE_ONLY = /^\s*$/u

/**
 * A run of letters longer than this is no word (the longest syllable has 7 letters, long English words
 * in a Cantonese line about 30): it is left out, as a number is, so a line of noise makes no key of a
 * megabyte that no index could hold.
 */
export const UNIT_MAX_CHARS = 48

/** Whether only white space lies between two offsets (most gaps are one space: no slice, no regex). */
function spaceOnly(text: string, from: number, to: number): boolean {
  if (to - from === 1) {
    const code = text.charCodeAt(from)
    return code === 32 || code === 10 || code === 9 || code === 13 || code === 0xa0
  }
  return SPACE_ONLY.test(text.slice(from, to))
}

/** The units of a line with where each is, in order (a number or a mark of punctuation is none). */
export function segmentUnits(text: string, language = 'vi'): Unit[] {
  const rule = segmentRule(language)
  const pattern = rule.characters ? HAN_OR_RUN : LETTER_RUN
  // Keys are NFC: a line already NFC (as stored lines are) is normalised once, not unit by unit.
  const nfc = text.normalize('NFC') === text
  pattern.lastIndex = 0
  const units: Unit[] = []
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const from = match.index
    const to = from + match[0].length
    if (match[0].length > UNIT_MAX_CHARS) continue
    const previous = units[units.length - 1]
    if (previous) previous.joinsNext = spaceOnly(text, previous.to, from)
    units.push({ from, to, key: (nfc ? match[0] : match[0].normalize('NFC')).toLowerCase(), joinsNext: false })
  }
  return units
}

export interface Segmenter {
  readonly language: string
  /** The words of one line, in order, never overlapping. */
  segment(text: string): WordToken[]
  /** Whether a key is a headword of the lexicon. */
  has(key: string): boolean
}

/** Builds the lookup once from a language's headwords (any case, NFC or NFD). */
export function createSegmenter(language: string, headwords: Iterable<string>): Segmenter {
  const rule = segmentRule(language)
  const byUnits: Array<Set<string>> = Array.from({ length: rule.maxUnits + 1 }, () => new Set())
  const starts = new Set<string>()
  const all = new Set<string>()
  let longest = 1
  for (const headword of headwords) {
    const units = segmentUnits(headword, language)
    if (units.length === 0 || units.length > rule.maxUnits) continue
    const key = units.map((unit) => unit.key).join(rule.joiner)
    all.add(key)
    byUnits[units.length]!.add(key)
    if (units.length > 1) {
      starts.add(units[0]!.key)
      longest = Math.max(longest, units.length)
    }
  }

  return {
    language,
    has: (key) => all.has(wordKey(key, language)),
    segment(text) {
      const units = segmentUnits(text, language)
      const tokens: WordToken[] = []
      let i = 0
      while (i < units.length) {
        const first = units[i]!
        let taken = 1
        let key = first.key
        if (first.joinsNext && starts.has(first.key)) {
          // How far a word may reach from here: up to `longest` units joined by white space only.
          let reach = 1
          while (reach < longest && i + reach < units.length && units[i + reach - 1]!.joinsNext) reach++
          for (let n = reach; n > 1; n--) {
            let candidate = first.key
            for (let k = 1; k < n; k++) candidate += rule.joiner + units[i + k]!.key
            if (byUnits[n]!.has(candidate)) {
              taken = n
              key = candidate
              break
            }
          }
        }
        tokens.push({ from: first.from, to: units[i + taken - 1]!.to, key })
        i += taken
      }
      return tokens
    },
  }
}
