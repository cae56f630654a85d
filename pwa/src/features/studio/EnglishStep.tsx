/**
 * English: each cue's line beside its English line, the same cues and times; a tap on a time plays from
 * there. Only the rows near the viewport are rendered (use-row-window.ts), the focused one kept. The
 * find box searches both lines of every cue; its current match's row is kept mounted and scrolled to.
 */
import { memo, useCallback, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { editCue, sameCue, type StudioCue } from './cue-ops.ts'
import type { StudioEditor } from './use-studio-editor.ts'
import { formatTime } from './time-format.ts'
import { useRowWindow } from './use-row-window.ts'
import { FindBar } from './FindBar.tsx'
import { useStudioFind } from './use-studio-find.ts'
import type { FindField } from './find-matches.ts'
import { focusMatch } from './focus-match.ts'

/** The English step's find box searches the line and its English. */
const FIND_FIELDS: readonly FindField[] = ['text', 'english']

export function EnglishStep({ editor, language, seek }: { editor: StudioEditor; language: string; seek: (seconds: number) => void }) {
  const { t } = useTranslation('studio')
  const { change, latest } = editor
  const edit = useCallback((id: string, english: string) => change(editCue(latest(), id, { english }), 'after a pause'), [change, latest])
  const ids = useMemo(() => editor.cues.map((cue) => cue.id), [editor.cues])
  const list = useRef<HTMLOListElement | null>(null)
  const stepRef = useRef<HTMLDivElement | null>(null)
  const rowOf = useCallback((id: string) => list.current?.querySelector<HTMLElement>(`:scope > [data-cue-id="${CSS.escape(id)}"]`) ?? null, [])
  const reveal = useCallback((id: string) => rowOf(id)?.scrollIntoView({ block: 'nearest' }), [rowOf])
  const find = useStudioFind(editor, FIND_FIELDS, reveal)
  const findCueId = find.match?.cueId ?? null
  const { listRef: windowRef, items } = useRowWindow(ids, [findCueId])
  const listRef = useCallback((element: HTMLOListElement | null) => {
    list.current = element
    windowRef(element)
  }, [windowRef])
  const written = editor.cues.filter((cue) => cue.english.trim() !== '').length
  return (
    <div className="studio-english" ref={stepRef}>
      <h2 className="studio-heading">{t('english.heading')}</h2>
      <p className="muted">{t('english.hint', { written, total: editor.cues.length })}</p>
      <FindBar find={find} onUndo={editor.undo} canUndo={editor.undoable > 0} onClosed={() => focusMatch(find.match, rowOf, stepRef.current)} />
      <ol className="studio-pairs" ref={listRef}>
        {items.map((item) => {
          if (item.kind === 'gap') return <li key={item.key} className="studio-cues-gap" style={{ height: item.height }} aria-hidden="true" />
          const cue = editor.cues[item.index]
          return <EnglishRow key={cue.id} cue={cue} index={item.index} count={editor.cues.length} language={language} findCurrent={cue.id === findCueId} onEdit={edit} onSeek={seek} />
        })}
      </ol>
    </div>
  )
}

interface RowProps {
  cue: StudioCue
  index: number
  count: number
  language: string
  /** The find box is on a match in this row. */
  findCurrent: boolean
  onEdit: (id: string, english: string) => void
  onSeek: (seconds: number) => void
}

/** A row renders again only when its cue says something new (the draft read back brings new objects of unchanged cues). */
const sameRow = (before: RowProps, after: RowProps) => sameCue(before.cue, after.cue) && before.index === after.index && before.count === after.count && before.language === after.language && before.findCurrent === after.findCurrent && before.onEdit === after.onEdit && before.onSeek === after.onSeek

const EnglishRow = memo(function EnglishRow({ cue, index, count, language, findCurrent, onEdit, onSeek }: RowProps) {
  const { t } = useTranslation('studio')
  return (
    <li className={findCurrent ? 'studio-pair is-find-current' : 'studio-pair'} aria-posinset={index + 1} aria-setsize={count} data-testid="english-row" data-cue-id={cue.id} data-index={index} data-find-current={findCurrent || undefined}>
      <div className="studio-pair-source">
        {cue.start !== null ? (
          <button type="button" className="button button-ghost button-small" onClick={() => cue.start !== null && onSeek(cue.start)} aria-label={t('english.playFrom', { time: formatTime(cue.start) })}>
            {formatTime(cue.start)}
          </button>
        ) : (
          <span className="badge">{t('fix.untimed')}</span>
        )}
        <p lang={language}>{cue.text}</p>
      </div>
      <input className="studio-pair-english" lang="en" value={cue.english} onChange={(event) => onEdit(cue.id, event.target.value)} aria-label={t('english.label', { n: index + 1, text: cue.text })} data-testid="english-input" />
    </li>
  )
}, sameRow)
