/**
 * The demo catalogue's glossaries, loaded into each language's lexicon when the demo is seeded, so every
 * word of every demo transcript has at least one English gloss (glossary.test.ts segments them all).
 */
import type { GlossaryEntry } from '../../../../contract/index.ts'
import { CANTONESE_GLOSSARY } from './cantonese.ts'
import { EVENING_AND_NEWS_GLOSSARY } from './evening-and-news.ts'
import { EVERYDAY_GLOSSARY } from './everyday.ts'

/** `headword: gloss; gloss` lines as entries. */
export function readGlossary(text: string): GlossaryEntry[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':')
      if (colon <= 0) throw new Error(`A glossary line has no headword: ${line}`)
      const glosses = line
        .slice(colon + 1)
        .split(';')
        .map((gloss) => gloss.trim())
        .filter((gloss) => gloss !== '')
      return { headword: line.slice(0, colon).trim(), glosses, reading: null, note: null }
    })
}

/** Each demo language's glossary. */
export const DEMO_GLOSSARIES: Readonly<Record<'vi' | 'yue', readonly GlossaryEntry[]>> = {
  vi: [...readGlossary(EVERYDAY_GLOSSARY), ...readGlossary(EVENING_AND_NEWS_GLOSSARY)],
  yue: readGlossary(CANTONESE_GLOSSARY),
}
