/**
 * English: each cue's line beside its English line, the same cues and times; a tap on a time plays from
 * there. Only the rows near the viewport are rendered (use-row-window.ts), the focused one kept.
 */
import { memo, useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { editCue, sameCue, type StudioCue } from './cue-ops.ts'
import type { StudioEditor } from './use-studio-editor.ts'
import { formatTime } from './time-format.ts'
import { useRowWindow } from './use-row-window.ts'

export function EnglishStep({ editor, language, seek }: { editor: StudioEditor; language: string; seek: (seconds: number) => void }) {
  const { t } = useTranslation('studio')
  const { change, latest } = editor
  const edit = useCallback((id: string, english: string) => change(editCue(latest(), id, { english }), 'after a pause'), [change, latest])
  const ids = useMemo(() => editor.cues.map((cue) => cue.id), [editor.cues])
  const { listRef, items } = useRowWindow(ids)
  const written = editor.cues.filter((cue) => cue.english.trim() !== '').length
  return (
    <div className="studio-english">
      <h2 className="studio-heading">{t('english.heading')}</h2>
      <p className="muted">{t('english.hint', { written, total: editor.cues.length })}</p>
      <ol className="studio-pairs" ref={listRef}>
        {items.map((item) => {
          if (item.kind === 'gap') return <li key={item.key} className="studio-cues-gap" style={{ height: item.height }} aria-hidden="true" />
          const cue = editor.cues[item.index]
          return <EnglishRow key={cue.id} cue={cue} index={item.index} count={editor.cues.length} language={language} onEdit={edit} onSeek={seek} />
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
  onEdit: (id: string, english: string) => void
  onSeek: (seconds: number) => void
}

/** A row renders again only when its cue says something new (the draft read back brings new objects of unchanged cues). */
const sameRow = (before: RowProps, after: RowProps) => sameCue(before.cue, after.cue) && before.index === after.index && before.count === after.count && before.language === after.language && before.onEdit === after.onEdit && before.onSeek === after.onSeek

const EnglishRow = memo(function EnglishRow({ cue, index, count, language, onEdit, onSeek }: RowProps) {
  const { t } = useTranslation('studio')
  return (
    <li className="studio-pair" aria-posinset={index + 1} aria-setsize={count} data-testid="english-row" data-cue-id={cue.id} data-index={index}>
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
