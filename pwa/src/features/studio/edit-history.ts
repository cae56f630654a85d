/**
 * The studio's undo (use-studio-editor.ts): the cues as they were before each change, newest last.
 * Typing is one step, not one a keystroke: a change made "after a pause" right after another such
 * change, with no pause in between (its write to the device still waiting), joins the step before it.
 * A discrete change (a nudge, a split, a replace) is always a step of its own.
 */
import type { StudioCue } from '../../data/studio/index.ts'

/** How many steps back undo can go. */
export const HISTORY_STEPS = 100

export interface EditHistory {
  readonly past: ReadonlyArray<readonly StudioCue[]>
  /** The last step is typing that more typing may still join. */
  readonly typing: boolean
}

export const emptyHistory: EditHistory = { past: [], typing: false }

/** The history once `before` has been changed, by typing (`joins`: the change before was typing with no pause since) or not. */
export function recordChange(history: EditHistory, before: readonly StudioCue[], kind: 'typing' | 'discrete', joins: boolean): EditHistory {
  if (kind === 'typing' && joins && history.typing && history.past.length > 0) return history
  const past = [...history.past, before].slice(-HISTORY_STEPS)
  return { past, typing: kind === 'typing' }
}

/** The cues to go back to, and the history without that step; null when there is nothing to undo. */
export function undoStep(history: EditHistory): { cues: readonly StudioCue[]; history: EditHistory } | null {
  const cues = history.past.at(-1)
  if (!cues) return null
  return { cues, history: { past: history.past.slice(0, -1), typing: false } }
}
