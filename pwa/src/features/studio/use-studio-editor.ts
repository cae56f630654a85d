/**
 * The studio's editing state over its draft. The draft in IndexedDB is the truth (a reopened tab, a
 * second tab read it); an edit shows at once from this hook's pending copy and is written after a
 * short pause in typing (`DEBOUNCE_MS`), or at once for a tap or a nudge, and whatever is pending is
 * written when the page is hidden or left. The pending copy shows until the draft read back is at
 * least as new as its write, so the screen never flickers back to the older draft in between; a
 * later write of another tab is newer and shows.
 *
 * `change` and `latest` stay the same functions for the editor's life, so the rows' callbacks built on
 * them stay the same too and a change re-renders only the rows whose cue it changed (issue 44's speed).
 *
 * Every change can be undone (`undo`, edit-history.ts): a burst of typing as one step, each discrete
 * change (a nudge, a split, a replace in the find box) as its own. An undo is itself a change like the
 * others: shown at once and written to the device.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { writeCues, type StudioCue, type StudioDraft } from '../../data/studio/index.ts'
import { emptyHistory, recordChange, undoStep, type EditHistory } from './edit-history.ts'

const DEBOUNCE_MS = 400

interface Pending {
  cues: StudioCue[]
  /** The draft's updatedAt after this copy was written; null while it waits to be written. */
  writtenAt: number | null
}

export interface StudioEditor {
  cues: StudioCue[]
  /** Replaces the cues: `at once` for a discrete change (a tap, a nudge), after a pause for typing. */
  change: (next: StudioCue[], when?: 'at once' | 'after a pause') => void
  /** The latest cues, pending ones included (for a handler that runs twice before a render). */
  latest: () => StudioCue[]
  /** Everything typed is on the device. */
  kept: boolean
  /** Puts the cues back as they were before the last change (a burst of typing counts as one). */
  undo: () => void
  /** How many changes can be undone. */
  undoable: number
}

export function useStudioEditor(draft: StudioDraft): StudioEditor {
  const [pending, setPending] = useState<Pending | null>(null)
  const latestCues = useRef<StudioCue[] | null>(null)
  /** The cues on screen as last rendered: what `latest` answers when nothing waits to be written. */
  const shown = useRef<StudioCue[]>(draft.cues)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const history = useRef<EditHistory>(emptyHistory)
  const [undoable, setUndoable] = useState(0)
  /** A typing change waits to be written: more typing now is the same undo step. */
  const typingWaits = useRef(false)
  const submissionId = draft.submissionId

  const flush = useCallback(async () => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
    typingWaits.current = false
    const cues = latestCues.current
    if (!cues) return
    latestCues.current = null
    const before = Date.now()
    await writeCues(submissionId, cues)
    setPending((current) => (current && current.cues === cues ? { cues, writtenAt: before } : current))
  }, [submissionId])

  useEffect(() => {
    const onHide = () => void flush()
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void flush()
    }
    window.addEventListener('pagehide', onHide)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', onHide)
      document.removeEventListener('visibilitychange', onVisibility)
      void flush()
    }
  }, [flush])

  const showPending = pending !== null && (pending.writtenAt === null || draft.updatedAt < pending.writtenAt)
  const cues = showPending ? pending.cues : draft.cues

  useLayoutEffect(() => {
    shown.current = cues
  }, [cues])

  const latest = useCallback(() => latestCues.current ?? shown.current, [])

  const apply = useCallback(
    (next: StudioCue[], when: 'at once' | 'after a pause') => {
      latestCues.current = next
      setPending({ cues: next, writtenAt: null })
      if (timer.current !== null) clearTimeout(timer.current)
      timer.current = setTimeout(() => void flush(), when === 'at once' ? 0 : DEBOUNCE_MS)
    },
    [flush],
  )

  const change = useCallback(
    (next: StudioCue[], when: 'at once' | 'after a pause' = 'after a pause') => {
      history.current = recordChange(history.current, latest(), when === 'at once' ? 'discrete' : 'typing', typingWaits.current)
      setUndoable(history.current.past.length)
      apply(next, when)
      typingWaits.current = when === 'after a pause'
    },
    [apply, latest],
  )

  const undo = useCallback(() => {
    const step = undoStep(history.current)
    if (!step) return
    history.current = step.history
    setUndoable(step.history.past.length)
    typingWaits.current = false
    apply(step.cues.slice(), 'at once')
  }, [apply])

  return { cues, change, latest, kept: !showPending || pending.writtenAt !== null, undo, undoable }
}
