/**
 * The studio's find and replace box, over a step's list (Fix: the lines; English: the lines and their
 * English). Its button shows while it is closed; Ctrl+F / Cmd+F opens it too (use-studio-find.ts).
 * Enter goes to the next match, Shift+Enter to the one before, Escape closes it; "3 of 12" is
 * announced politely as it changes. Replace and replace all are edits like any other: undoable.
 */
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { StudioFind } from './use-studio-find.ts'

interface Props {
  find: StudioFind
  /** Undoes the editor's last change (a replace just made, most often). */
  onUndo: () => void
  canUndo: boolean
  /** Where the focus goes when the box closes (the match's field, or back to the box's button). */
  onClosed: () => void
}

export function FindBar({ find, onUndo, canUndo, onClosed }: Props) {
  const { t } = useTranslation('studio')
  const queryId = useId()
  const replaceId = useId()
  const queryRef = useRef<HTMLInputElement | null>(null)
  const { open, focusAsked } = find
  // Ctrl+F or the button: the query field focused and its text selected, to type a new one over it.
  useEffect(() => {
    if (!open || focusAsked === 0) return
    queryRef.current?.focus()
    queryRef.current?.select()
  }, [open, focusAsked])
  if (!find.open) {
    return (
      <button type="button" className="button button-secondary button-small studio-find-open" onClick={find.show} aria-keyshortcuts="Control+F Meta+F" data-testid="find-open">
        {t('find.open')}
      </button>
    )
  }

  function close() {
    find.close()
    onClosed()
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
    }
  }

  const hasQuery = find.query.trim() !== ''
  const count = !hasQuery ? '' : find.matches.length === 0 ? t('find.none') : t('find.count', { at: find.at + 1, count: find.matches.length })
  return (
    <div role="search" className="studio-find" aria-label={t('find.label')} onKeyDown={onKeyDown} data-testid="find-bar">
      <div className="studio-find-row">
        <label className="visually-hidden" htmlFor={queryId}>
          {t('find.query')}
        </label>
        <input
          id={queryId}
          ref={queryRef}
          type="search"
          className="studio-find-input"
          placeholder={t('find.query')}
          value={find.query}
          onChange={(event) => find.setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            if (event.shiftKey) find.previous()
            else find.next()
          }}
          autoComplete="off"
          spellCheck={false}
          data-testid="find-query"
        />
        <span className="studio-find-count" role="status" aria-live="polite" data-testid="find-count">
          {count}
        </span>
        <button type="button" className="button button-ghost button-small" onClick={find.previous} disabled={find.matches.length === 0} aria-label={t('find.previous')} title={t('find.previous')}>
          ↑
        </button>
        <button type="button" className="button button-ghost button-small" onClick={find.next} disabled={find.matches.length === 0} aria-label={t('find.next')} title={t('find.next')}>
          ↓
        </button>
        <label className="studio-find-case">
          <input type="checkbox" checked={find.matchCase} onChange={(event) => find.setMatchCase(event.target.checked)} />
          {t('find.matchCase')}
        </label>
        <button type="button" className="button button-ghost button-small" onClick={close} aria-label={t('find.close')} title={t('find.close')}>
          ✕
        </button>
      </div>
      <div className="studio-find-row">
        <label className="visually-hidden" htmlFor={replaceId}>
          {t('find.replacement')}
        </label>
        <input
          id={replaceId}
          className="studio-find-input"
          placeholder={t('find.replacement')}
          value={find.replacement}
          onChange={(event) => find.setReplacement(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            find.replaceOne()
          }}
          autoComplete="off"
          spellCheck={false}
          data-testid="find-replacement"
        />
        <button type="button" className="button button-secondary button-small" onClick={find.replaceOne} disabled={!find.match}>
          {t('find.replace')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={find.replaceEvery} disabled={find.matches.length === 0}>
          {t('find.replaceAll')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onUndo} disabled={!canUndo}>
          {t('find.undo')}
        </button>
        <span className="muted" role="status" aria-live="polite" data-testid="find-replaced">
          {find.replacedAll === null ? '' : t('find.replaced', { count: find.replacedAll })}
        </span>
      </div>
    </div>
  )
}
