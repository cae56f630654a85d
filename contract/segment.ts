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
 * Speed (issue 42: under 20 ms for the longest transcript and 600 cues at 4× CPU in the browser): a
 * Vietnamese line is read in one pass over its code units against a table of what each code unit is
 * (learnt once from the same Unicode classes as the patterns, which still read Han characters and
 * lines with astral letters), into arrays reused from line to line; a unit is normalised only when it
 * holds a mark or a character NFC would change; and the lexicon is read once into a trie keyed by
 * syllable, so a syllable beginning no longer headword costs one Map look-up and a match builds no key.
 * The pass also hashes each unit's code units: a syllable the lexicon knows is found by that hash among
 * the lexicon's own keys and confirmed code unit by code unit, so it costs no slice (no new string, and
 * the trie's Map look-up meets a string whose hash V8 already keeps); only an unknown one is sliced.
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

/**
 * A run of letters longer than this is no word (the longest syllable has 7 letters, long English words
 * in a Cantonese line about 30): it is left out, as a number is, so a line of noise makes no key of a
 * megabyte that no index could hold.
 */
export const UNIT_MAX_CHARS = 48

/** Whether only white space lies between two offsets (no slice, no regex: one table look-up a code unit). */
function spaceOnly(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((classOf(text.charCodeAt(i)) & SPACE) === 0) return false
  return true
}

/** The units of a line, as parallel arrays reused from line to line (no object per unit). */
interface UnitRun {
  count: number
  from: number[]
  to: number[]
  key: string[]
  joinsNext: boolean[]
}

function pushUnit(run: UnitRun, text: string, from: number, to: number, key: string): void {
  const i = run.count++
  if (i > 0) run.joinsNext[i - 1] = spaceOnly(text, run.to[i - 1]!, from)
  run.from[i] = from
  run.to[i] = to
  run.key[i] = key
  run.joinsNext[i] = false
}

/** The units by the language's pattern: the definition, and the way for Han characters and astral letters. */
function unitsByPattern(text: string, characters: boolean, run: UnitRun): void {
  const pattern = characters ? HAN_OR_RUN : LETTER_RUN
  // Keys are NFC: a line already NFC (as stored lines are) is normalised once, not unit by unit.
  const nfc = text.normalize('NFC') === text
  pattern.lastIndex = 0
  run.count = 0
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0].length > UNIT_MAX_CHARS) continue
    pushUnit(run, text, match.index, match.index + match[0].length, (nfc ? match[0] : match[0].normalize('NFC')).toLowerCase())
  }
}

// What each UTF-16 code unit is to the scanner, learnt once per code unit from the same classes as the
// patterns above. NOT_NFC: the unit's key must be normalised (a mark, a Hangul jamo a syllable takes in,
// or a character NFC changes), else the run is NFC as it stands.
const LETTER = 1 // \p{L}: begins or goes on with a run, and lets an apostrophe before it in
const MARK = 2 // \p{M}: begins or goes on with a run
const JOINER = 4 // ZWNJ, ZWJ: go on with a run, never begin one
const APOSTROPHE = 8 // ' and ’: in a run only before a letter
const SPACE = 16 // \s: between units of one word
const ASTRAL = 32 // half of a surrogate pair: the line is read by the pattern instead
const NOT_NFC = 64
const NOT_LOWER = 128 // lower-casing changes it
const LEARNT = 256
const CLASSES = new Uint16Array(0x10000)

function learn(code: number): number {
  const char = String.fromCharCode(code)
  let kind = LEARNT
  if (code >= 0xd800 && code <= 0xdfff) kind |= ASTRAL
  else if (/\p{L}/u.test(char)) kind |= LETTER
  else if (/\p{M}/u.test(char)) kind |= MARK | NOT_NFC
  else if (code === 0x200c || code === 0x200d) kind |= JOINER
  else if (code === 0x27 || code === 0x2019) kind |= APOSTROPHE
  else if (/\s/u.test(char)) kind |= SPACE
  if ((code >= 0x1100 && code <= 0x11ff) || char.normalize('NFC') !== char) kind |= NOT_NFC
  if (char.toLowerCase() !== char) kind |= NOT_LOWER
  CLASSES[code] = kind
  return kind
}

const classOf = (code: number): number => CLASSES[code] || learn(code)

// FNV-1a over UTF-16 code units: cheap enough to run on every code unit of the scan.
const HASH_SEED = 0x811c9dc5 | 0
const HASH_PRIME = 0x01000193
const hashUnit = (hash: number, code: number): number => Math.imul(hash ^ code, HASH_PRIME)
/** Map keys of 30 bits stay small integers in V8, which it hashes and compares without a heap number. */
const SMALL_HASH = 0x3fffffff

/**
 * The unit keys a lexicon knows, by the hash of their code units. On a collision the first key keeps
 * the hash and the others are simply sliced as unknown syllables are: the table only saves work, it
 * never decides a key.
 */
type KnownKeys = Map<number, string>

function hashOf(key: string): number {
  let hash = HASH_SEED
  for (let i = 0; i < key.length; i++) hash = hashUnit(hash, key.charCodeAt(i))
  return hash
}

/** Whether text[from, to) is, code unit by code unit, the string `key` (no slice to compare). */
function spells(key: string, text: string, from: number, to: number): boolean {
  if (key.length !== to - from) return false
  for (let k = 0; k < key.length; k++) if (key.charCodeAt(k) !== text.charCodeAt(from + k)) return false
  return true
}

/**
 * The units of a Vietnamese-like line by one pass over its code units, as LETTER_RUN finds them; false
 * when the line holds a surrogate pair (the pattern reads it then).
 */
function scanUnits(text: string, run: UnitRun, known: KnownKeys | null): boolean {
  run.count = 0
  const length = text.length
  let i = 0
  while (i < length) {
    const kind = classOf(text.charCodeAt(i))
    if ((kind & (LETTER | MARK)) === 0) {
      if (kind & ASTRAL) return false
      i++
      continue
    }
    const from = i
    let change = kind & (NOT_NFC | NOT_LOWER)
    let hash = hashUnit(HASH_SEED, text.charCodeAt(i))
    for (i++; i < length; i++) {
      const code = text.charCodeAt(i)
      const next = classOf(code)
      if (next & (LETTER | MARK | JOINER)) change |= next & (NOT_NFC | NOT_LOWER)
      else if (next & APOSTROPHE && i + 1 < length && classOf(text.charCodeAt(i + 1)) & LETTER) {
        // An apostrophe inside a word is part of the unit (and of its hash).
      } else if (next & ASTRAL) return false
      else break
      hash = hashUnit(hash, code)
    }
    if (i - from > UNIT_MAX_CHARS) continue // noise: no unit (and, being no space, no word reaches across it)
    // Most syllables are lower case and NFC already: their key is their text as it stands, and a known
    // one is the lexicon's own string.
    if (change === 0) {
      const candidate = known?.get(hash & SMALL_HASH)
      pushUnit(run, text, from, i, candidate !== undefined && spells(candidate, text, from, i) ? candidate : text.slice(from, i))
      continue
    }
    const raw = text.slice(from, i)
    pushUnit(run, text, from, i, (change & NOT_NFC ? raw.normalize('NFC') : raw).toLowerCase())
  }
  return true
}
/** Fills `run` with the units of a line, by the scanner where it can and by the pattern where not. */
function unitsOf(text: string, language: string, run: UnitRun, known: KnownKeys | null = null): void {
  const characters = segmentRule(language).characters
  if (characters || !scanUnits(text, run, known)) unitsByPattern(text, characters, run)
}

const newRun = (): UnitRun => ({ count: 0, from: [], to: [], key: [], joinsNext: [] })

/** The units of a line with where each is, in order (a number or a mark of punctuation is none). */
export function segmentUnits(text: string, language = 'vi'): Unit[] {
  const run = newRun()
  unitsOf(text, language, run)
  return Array.from({ length: run.count }, (_, i) => ({ from: run.from[i]!, to: run.to[i]!, key: run.key[i]!, joinsNext: run.joinsNext[i]! }))
}

export interface Segmenter {
  readonly language: string
  /** The words of one line, in order, never overlapping. */
  segment(text: string): WordToken[]
  /** Whether a key is a headword of the lexicon. */
  has(key: string): boolean
}

/** A trie over unit keys: a headword's units lead from the root to a node holding its key. */
interface TrieNode {
  /** The headword ending here, or null when this is only the way to longer ones. */
  word: string | null
  next: Map<string, TrieNode> | null
}

/** Builds the lookup once from a language's headwords (any case, NFC or NFD). */
export function createSegmenter(language: string, headwords: Iterable<string>): Segmenter {
  const rule = segmentRule(language)
  // Only headwords of two units or more go in the trie: a single unit is its own word either way.
  const root = new Map<string, TrieNode>()
  const all = new Set<string>()
  const known: KnownKeys = new Map()
  const run = newRun()
  for (const headword of headwords) {
    unitsOf(headword, language, run)
    if (run.count === 0 || run.count > rule.maxUnits) continue
    const key = run.key.slice(0, run.count).join(rule.joiner)
    all.add(key)
    for (let k = 0; k < run.count; k++) {
      const hash = hashOf(run.key[k]!) & SMALL_HASH
      if (!known.has(hash)) known.set(hash, run.key[k]!)
    }
    if (run.count === 1) continue
    let level = root
    for (let k = 0; ; k++) {
      let node = level.get(run.key[k]!)
      if (!node) level.set(run.key[k]!, (node = { word: null, next: null }))
      if (k === run.count - 1) {
        node.word = key
        break
      }
      level = node.next ??= new Map()
    }
  }

  return {
    language,
    has: (key) => all.has(wordKey(key, language)),
    segment(text) {
      unitsOf(text, language, run, known)
      const { count, from, to, key: keys, joinsNext } = run
      const tokens: WordToken[] = []
      let i = 0
      while (i < count) {
        let taken = 1
        let key = keys[i]!
        // The longest headword from here: down the trie while only white space lies between units.
        let node = joinsNext[i] ? root.get(key) : undefined
        for (let n = 2; node?.next && joinsNext[i + n - 2]; n++) {
          node = node.next.get(keys[i + n - 1]!)
          if (node?.word) {
            taken = n
            key = node.word
          }
        }
        tokens.push({ from: from[i]!, to: to[i + taken - 1]!, key })
        i += taken
      }
      return tokens
    },
  }
}
