/**
 * Where the focus goes when the find box closes: into the field of the match it was on, the match's
 * text selected (as a browser's find leaves it), so the contributor can type over it; or, with no match
 * in an editable field, back to the box's button.
 */
import type { FindMatch } from './find-matches.ts'

const FIELD_OF: Record<FindMatch['field'], string> = { text: '[data-testid="cue-text"]', english: '[data-testid="english-input"]' }

export function focusMatch(match: FindMatch | null, rowOf: (cueId: string) => HTMLElement | null, step: HTMLElement | null): void {
  // After the box's closing render: its button is back, and the row was kept while the focus moves into it.
  requestAnimationFrame(() => {
    const field = match ? rowOf(match.cueId)?.querySelector<HTMLInputElement | HTMLTextAreaElement>(FIELD_OF[match.field]) : null
    if (match && field) {
      field.focus()
      field.setSelectionRange(match.start, match.end)
      return
    }
    step?.querySelector<HTMLElement>('[data-testid="find-open"]')?.focus()
  })
}
