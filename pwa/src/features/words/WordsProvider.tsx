/**
 * Words for one player: the language's lexicon and the learner's states read once for every line, and
 * the word sheet of the word she tapped. `onOpen` and `onClose` let the player pause and go on;
 * `actions` puts other features' buttons in the sheet (e.g. saving the line).
 */
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createSegmenter } from '../../../../contract/segment.ts'
import { useLexicon, useWordStates, type Reading } from '../../data/words/index.ts'
import { whenIdle } from '../../data/runtime/when-idle.ts'
import { preloadable } from '../../components/preloadable.tsx'
import { WordsContext, type OpenWord, type WordsContextValue } from './words-context.ts'

// The sheet's code (its tones, its readings) is not part of the video page's first paint, which only
// draws the words (issue 48). It is asked for once the page is idle after that paint (below), so the
// first tap on a word waits for no chunk; and it is a preloadable, not React.lazy, which suspends on its
// first render even when the module has arrived, and React 19 then holds the sheet back for its 300 ms
// fallback throttle (bench/words.bench.ts: the first tap's sheet painted 395 ms after pointerdown with the
// chunk already fetched, the later taps 36 ms). A preload that failed (offline, the chunk not cached) is
// forgotten, so the tap asks again, as the lazy sheet did.
const loadWordSheet = () => import('./WordSheet.tsx').then((module) => ({ default: module.WordSheet }))
let WordSheet = preloadable(loadWordSheet)
function preloadWordSheet(): Promise<unknown> {
  const sheet = WordSheet
  return sheet.preload().catch(() => {
    if (WordSheet === sheet) WordSheet = preloadable(loadWordSheet)
  })
}

export function WordsProvider({
  language,
  children,
  onOpen,
  onClose,
  actions,
  readings,
}: {
  /** The language of the lines whose words are tappable; none: lines stay plain text. */
  language: string | undefined
  children: ReactNode
  onOpen?: () => void
  onClose?: () => void
  actions?: (word: OpenWord) => ReactNode
  /** The lines' readings by text (data/words/readings.ts), drawn above the characters; none: plain characters. */
  readings?: ReadonlyMap<string, readonly Reading[]>
}) {
  const lexicon = useLexicon(language)
  useEffect(() => {
    if (language) void whenIdle().then(preloadWordSheet)
  }, [language])
  const states = useWordStates(language)
  const [opened, setOpened] = useState<{ word: OpenWord; anchor: HTMLElement } | null>(null)
  const hooks = useRef({ onOpen, onClose })
  useLayoutEffect(() => {
    hooks.current = { onOpen, onClose }
  })
  // Before the lexicon is on the device, every syllable is a word of its own (still tappable, still markable).
  const bare = useMemo(() => (language ? createSegmenter(language, []) : null), [language])
  const segment = lexicon?.segment ?? bare?.segment
  const current = useRef(opened)
  useLayoutEffect(() => {
    current.current = opened
  })
  const returnFocus = useRef<HTMLElement | null>(null)
  const open = useCallback((word: OpenWord, anchor: HTMLElement) => {
    if (!current.current) hooks.current.onOpen?.()
    setOpened({ word, anchor })
  }, [])
  const close = useCallback(() => {
    const was = current.current
    if (!was) return
    hooks.current.onClose?.()
    returnFocus.current = was.anchor
    setOpened(null)
  }, [])
  // Once the modal sheet is gone (the page behind it no longer inert), focus goes back to the word.
  useEffect(() => {
    if (opened || !returnFocus.current) return
    if (returnFocus.current.isConnected) returnFocus.current.focus()
    returnFocus.current = null
  }, [opened])
  const value = useMemo<WordsContextValue | null>(
    () => (language && segment ? { language, lexicon, states, segment, open, readings } : null),
    [language, lexicon, states, segment, open, readings],
  )
  return (
    <WordsContext.Provider value={value}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <WordSheet word={opened.word} anchor={opened.anchor} entry={lexicon?.lookup(opened.word.key)} state={states.get(opened.word.key) ?? 'new'} onClose={close}>
            {actions?.(opened.word)}
          </WordSheet>
        </Suspense>
      ) : null}
    </WordsContext.Provider>
  )
}
