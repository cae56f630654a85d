/**
 * What the lines of a player share about words: the lexicon, the learner's states, the segmenter, and
 * how a word is opened (WordsProvider.tsx gives it; WordText.tsx reads it). Without a provider, or
 * before a language is known, lines are plain text.
 */
import { createContext, useContext } from 'react'
import type { LexiconView, Reading, WordState, WordToken } from '../../data/words/index.ts'

/** A word a learner tapped: its key, its text as the line spells it, and the line it is in. */
export interface OpenWord {
  language: string
  key: string
  text: string
  line: { start: number; end: number; text: string }
  /** The word's reading as its line is read (Cantonese: Jyutping over its characters), where the line has readings. */
  reading?: string
}

export interface WordsContextValue {
  language: string
  lexicon: LexiconView | undefined
  states: ReadonlyMap<string, WordState>
  segment(text: string): WordToken[]
  /** Each line's readings by its text (Cantonese: Jyutping, drawn above the characters); none: no ruby. */
  readings?: ReadonlyMap<string, readonly Reading[]>
  /** Opens the word's sheet; focus goes back to `anchor` when it closes. */
  open(word: OpenWord, anchor: HTMLElement): void
}

export const WordsContext = createContext<WordsContextValue | null>(null)

export function useWordsContext(): WordsContextValue | null {
  return useContext(WordsContext)
}
