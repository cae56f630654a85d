/**
 * Words for one player: the language's lexicon and the learner's states read once for every line, and
 * the word sheet of the word she tapped. `onOpen` and `onClose` let the player pause and go on;
 * `actions` puts other features' buttons in the sheet (e.g. saving the line).
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { createSegmenter } from '../../../../contract/segment.ts'
import { useLexicon, useWordStates } from '../../data/words/index.ts'
import { WordSheet } from './WordSheet.tsx'
import { WordsContext, type OpenWord, type WordsContextValue } from './words-context.ts'

export function WordsProvider({
  language,
  children,
  onOpen,
  onClose,
  actions,
}: {
  /** The language of the lines whose words are tappable; none: lines stay plain text. */
  language: string | undefined
  children: ReactNode
  onOpen?: () => void
  onClose?: () => void
  actions?: (word: OpenWord) => ReactNode
}) {
  const lexicon = useLexicon(language)
  const states = useWordStates(language)
  const [opened, setOpened] = useState<{ word: OpenWord; anchor: HTMLElement } | null>(null)
  const hooks = useRef({ onOpen, onClose })
  hooks.current = { onOpen, onClose }
  // Before the lexicon is on the device, every syllable is a word of its own (still tappable, still markable).
  const bare = useMemo(() => (language ? createSegmenter(language, []) : null), [language])
  const segment = lexicon?.segment ?? bare?.segment
  const open = useCallback((word: OpenWord, anchor: HTMLElement) => {
    setOpened((was) => {
      if (!was) hooks.current.onOpen?.()
      return { word, anchor }
    })
  }, [])
  const close = useCallback(() => {
    setOpened((was) => {
      if (was) {
        hooks.current.onClose?.()
        if (was.anchor.isConnected) was.anchor.focus()
      }
      return null
    })
  }, [])
  const value = useMemo<WordsContextValue | null>(
    () => (language && segment ? { language, lexicon, states, segment, open } : null),
    [language, lexicon, states, segment, open],
  )
  return (
    <WordsContext.Provider value={value}>
      {children}
      {opened ? (
        <WordSheet word={opened.word} anchor={opened.anchor} entry={lexicon?.lookup(opened.word.key)} state={states.get(opened.word.key) ?? 'new'} onClose={close}>
          {actions?.(opened.word)}
        </WordSheet>
      ) : null}
    </WordsContext.Provider>
  )
}
