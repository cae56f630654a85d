/**
 * The glossary panel's list: one row a word, the suggestions (most frequent first) with their glosses
 * where the contributor gave some, then entries of words no longer suggested (glossed before, or
 * added by hand). Rows are keyed by the word's key, so "Phở" glossed and "phở" suggested are one row.
 */
import { wordKey } from '../../../../contract/segment.ts'
import { GLOSS_MAX_CHARS, GLOSSES_MAX } from '../../../../contract/vocabulary.ts'
import type { GlossaryEntryDraft, GlossarySuggestion } from '../../data/studio-glossary/index.ts'

export interface GlossaryRow {
  key: string
  headword: string
  suggestion: GlossarySuggestion | null
  entry: GlossaryEntryDraft | null
}

export function glossaryRows(suggestions: readonly GlossarySuggestion[], entries: ReadonlyMap<string, GlossaryEntryDraft>, language: string): GlossaryRow[] {
  const rows: GlossaryRow[] = []
  const seen = new Set<string>()
  for (const suggestion of suggestions) {
    const key = wordKey(suggestion.key, language)
    if (seen.has(key)) continue
    seen.add(key)
    const entry = entries.get(key) ?? null
    rows.push({ key, headword: entry?.headword ?? suggestion.key, suggestion, entry })
  }
  for (const [key, entry] of entries) if (!seen.has(key)) rows.push({ key, headword: entry.headword, suggestion: null, entry })
  return rows
}

export function entriesByKey(entries: readonly GlossaryEntryDraft[], language: string): Map<string, GlossaryEntryDraft> {
  return new Map(entries.map((entry) => [wordKey(entry.headword, language), entry]))
}

/** What stops an entry from being saved, as a locale key (the server checks again). */
export function entryProblem(entry: GlossaryEntryDraft): 'noGloss' | 'tooManyGlosses' | 'glossTooLong' | null {
  const glosses = entry.glosses.map((gloss) => gloss.trim()).filter((gloss) => gloss.length > 0)
  if (glosses.length === 0) return 'noGloss'
  if (glosses.length > GLOSSES_MAX) return 'tooManyGlosses'
  if (glosses.some((gloss) => gloss.length > GLOSS_MAX_CHARS)) return 'glossTooLong'
  return null
}

/** The first line split around the word (case and tone marks as the line writes them), to show it in bold. */
export function contextParts(text: string, word: string): [string, string, string] {
  const at = text.normalize('NFC').toLocaleLowerCase('vi').indexOf(word.normalize('NFC').toLocaleLowerCase('vi'))
  const line = text.normalize('NFC')
  if (at < 0 || word.length === 0) return [line, '', '']
  return [line.slice(0, at), line.slice(at, at + word.normalize('NFC').length), line.slice(at + word.normalize('NFC').length)]
}
