/**
 * The state of the studio's find box (FindBar.tsx) over the editor's cues: the query, its matches
 * (find-matches.ts), which one the box is on, and replacing, each replace one change through the
 * editor (so undoable, and kept on the device as typing is). Ctrl+F / Cmd+F in the step opens it
 * instead of the browser's own find, which cannot see the rows the windowed list has not drawn.
 *
 * `reveal` is called with the cue of the match the box moves to (a new query, Enter, the arrows), so
 * the step can scroll its row into view.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { findMatches, replaceAll, replaceMatch, type FindField, type FindMatch } from './find-matches.ts'
import type { StudioEditor } from './use-studio-editor.ts'

export interface StudioFind {
  open: boolean
  show: () => void
  close: () => void
  query: string
  setQuery: (query: string) => void
  replacement: string
  setReplacement: (replacement: string) => void
  matchCase: boolean
  setMatchCase: (matchCase: boolean) => void
  matches: FindMatch[]
  /** The match the box is on (null when none). */
  match: FindMatch | null
  /** Its place among the matches, from 0; -1 when none. */
  at: number
  next: () => void
  previous: () => void
  replaceOne: () => void
  replaceEvery: () => void
  /** How many the last "replace all" replaced (null until one, and again once the query changes). */
  replacedAll: number | null
  /** Grows with each Ctrl+F or button press: the box then focuses its query field and selects it. */
  focusAsked: number
}

export function useStudioFind(editor: StudioEditor, fields: readonly FindField[], reveal: (cueId: string) => void): StudioFind {
  const { cues, change, latest } = editor
  const [open, setOpen] = useState(false)
  const [query, setQueryState] = useState('')
  const [replacement, setReplacement] = useState('')
  const [matchCase, setMatchCaseState] = useState(false)
  const [wanted, setWanted] = useState(0)
  const [replacedAll, setReplacedAll] = useState<number | null>(null)
  const [focusAsked, setFocusAsked] = useState(0)
  /** The next render's match is scrolled to (the box moved to it, not the cues changing under it). */
  const revealNext = useRef(false)

  const matches = useMemo(() => (open ? findMatches(cues, query, { fields, matchCase }) : []), [open, cues, query, fields, matchCase])
  // Past the last match (the last one was just replaced): round to the first, as Enter would.
  const at = matches.length === 0 ? -1 : wanted < matches.length ? wanted : 0
  const match = at >= 0 ? matches[at] : null

  useEffect(() => {
    if (!revealNext.current || !match) return
    revealNext.current = false
    reveal(match.cueId)
  })

  const moveTo = useCallback((index: number) => {
    revealNext.current = true
    setWanted(index)
  }, [])

  const show = useCallback(() => {
    setOpen(true)
    revealNext.current = true
    setFocusAsked((count) => count + 1)
  }, [])
  const close = useCallback(() => setOpen(false), [])
  const setQuery = useCallback((next: string) => {
    setQueryState(next)
    setReplacedAll(null)
    moveTo(0)
  }, [moveTo])
  const setMatchCase = useCallback((next: boolean) => {
    setMatchCaseState(next)
    moveTo(0)
  }, [moveTo])

  const next = () => matches.length > 0 && moveTo((at + 1) % matches.length)
  const previous = () => matches.length > 0 && moveTo((at - 1 + matches.length) % matches.length)

  function replaceOne() {
    if (!match) return
    change(replaceMatch(latest(), match, query, replacement, matchCase), 'at once')
    // The same place now holds the match after the one replaced (or wraps to the first).
    moveTo(at)
  }

  function replaceEvery() {
    const { cues: replaced, count } = replaceAll(latest(), query, replacement, { fields, matchCase })
    if (count > 0) change(replaced, 'at once')
    setReplacedAll(count)
  }

  // Ctrl+F / Cmd+F: this box, not the browser's find (which misses the rows not drawn).
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f') {
        event.preventDefault()
        show()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [show])

  return { open, show, close, query, setQuery, replacement, setReplacement, matchCase, setMatchCase, matches, match, at, next, previous, replaceOne, replaceEvery, replacedAll, focusAsked }
}
