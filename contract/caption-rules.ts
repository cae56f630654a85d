/**
 * A caption track's rules per language (issue 46), pure and without zod so the server's check and the
 * PWA's warnings (the captioning studio) read the same numbers:
 *
 * - What a track may hold. A Cantonese track: Traditional (Han) characters, Latin letters (Jyutping,
 *   English names), digits, ASCII and full-width punctuation. Another script (kana, Hangul, Cyrillic…)
 *   in a Cantonese track is a wrong file or a wrong language, and the server refuses it naming the cue.
 *   Vietnamese and English tracks keep the rules they had (any text).
 * - How fast it may be read: characters per second, counted as that language's subtitles count them
 *   (Latin tracks: every character, spaces and punctuation too, 17 a second as Netflix's Vietnamese and
 *   English guides; Chinese tracks: the characters alone, no spaces or punctuation, 9 a second as
 *   Netflix's Traditional Chinese guide), and characters a line (42; 16 for Chinese). A setting per
 *   language; the studio warns, the server does not refuse a fast line.
 */

export interface CaptionLanguageRule {
  /** Reading speed above which a cue is too fast, in counted characters a second. */
  maxCharsPerSecond: number
  /** Characters a line above which it is too long. */
  maxCharsPerLine: number
  /** How characters are counted: every one, or the letters and characters only (no spaces, no punctuation). */
  counts: 'all' | 'letters'
  /** The characters a track may hold, or null for any. */
  allowed: RegExp | null
}

// Han (with the ideographic iteration mark and the CJK compatibility forms), Latin with its marks, digits,
// spaces, ASCII and general punctuation, CJK and full-width punctuation.
const CANTONESE_ALLOWED =
  /^[\p{Script=Han}\p{Script=Latin}\p{M}\p{N}\s\p{P}\p{S}\u3000-\u303f\uff00-\uffef\u2000-\u206f\u00b7\u30fb]$/u
const NOT_COUNTED = /[\s\p{P}\p{S}]/u

const DEFAULT_RULE: CaptionLanguageRule = { maxCharsPerSecond: 17, maxCharsPerLine: 42, counts: 'all', allowed: null }

export const CAPTION_RULES: Readonly<Record<string, CaptionLanguageRule>> = {
  vi: DEFAULT_RULE,
  en: DEFAULT_RULE,
  yue: { maxCharsPerSecond: 9, maxCharsPerLine: 16, counts: 'letters', allowed: CANTONESE_ALLOWED },
}

export function captionRule(language: string): CaptionLanguageRule {
  return CAPTION_RULES[language] ?? DEFAULT_RULE
}

/** The characters of a line as the language's reading speed counts them. */
export function countedCharacters(text: string, language: string): number {
  const rule = captionRule(language)
  let count = 0
  for (const char of text) if (char !== '\n' && (rule.counts === 'all' || !NOT_COUNTED.test(char))) count++
  return count
}

/** A cue's reading speed: counted characters a second (0 for a cue of no length). */
export function charactersPerSecond(cue: { start: number; end: number; text: string }, language: string): number {
  const seconds = cue.end - cue.start
  return seconds > 0 ? countedCharacters(cue.text, language) / seconds : 0
}

/** The characters of a line a track of this language may not hold, each once, in order. */
export function foreignCharacters(text: string, language: string): string[] {
  const allowed = captionRule(language).allowed
  if (!allowed) return []
  const found = new Set<string>()
  for (const char of text) if (!allowed.test(char)) found.add(char)
  return [...found]
}
