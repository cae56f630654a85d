/**
 * One word of the glossary: the word, how often the captions say it, the first line it is said in (the
 * word in bold, its time beside), and its glosses, or the editor in place.
 */
import { useTranslation } from 'react-i18next'
import type { GlossaryEntryDraft } from '../../data/studio-glossary/index.ts'
import { GlossaryEditor } from './GlossaryEditor.tsx'
import { contextParts, type GlossaryRow } from './glossary-rows.ts'

interface Props {
  row: GlossaryRow
  editing: boolean
  saving: boolean
  error: string | null
  onEdit(): void
  onCancel(): void
  onSave(entry: GlossaryEntryDraft): void
  onRemove: (() => void) | null
}

function clock(seconds: number): string {
  const whole = Math.floor(Math.max(0, seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

export function GlossaryRowView({ row, editing, saving, error, onEdit, onCancel, onSave, onRemove }: Props) {
  const { t } = useTranslation('studio-panels')
  const glosses = row.entry?.glosses.filter((gloss) => gloss.trim()) ?? []
  const context = row.suggestion ? contextParts(row.suggestion.first_cue.text, row.headword) : null
  return (
    <li className={`glossary-row${glosses.length > 0 ? ' is-glossed' : ''}${error ? ' has-error' : ''}`} data-testid="glossary-row" data-key={row.key}>
      <div className="glossary-row-head">
        <span className="glossary-word" lang="vi">
          {row.headword}
        </span>
        {row.suggestion && <span className="glossary-times">{t('glossary.times', { count: row.suggestion.count })}</span>}
        {!editing && (
          <button type="button" className="button button-secondary button-small glossary-edit" onClick={onEdit} aria-label={t(glosses.length > 0 ? 'glossary.editWord' : 'glossary.glossWord', { word: row.headword })}>
            {t(glosses.length > 0 ? 'glossary.edit' : 'glossary.gloss')}
          </button>
        )}
      </div>
      {context && row.suggestion && (
        <p className="glossary-context">
          <span className="glossary-context-time">{clock(row.suggestion.first_cue.start)}</span>{' '}
          <span lang="vi">
            {context[0]}
            <strong>{context[1]}</strong>
            {context[2]}
          </span>
        </p>
      )}
      {!editing && glosses.length > 0 && (
        <p className="glossary-meanings" data-testid="glossary-meanings">
          {glosses.join('; ')}
          {row.entry?.reading ? <span className="muted"> · {row.entry.reading}</span> : null}
          {row.entry?.note ? <span className="muted"> · {row.entry.note}</span> : null}
        </p>
      )}
      {error && (
        <p className="field-error glossary-row-error" role="alert" data-testid="glossary-row-error">
          {error}
        </p>
      )}
      {editing && <GlossaryEditor headword={row.headword} entry={row.entry} saving={saving} onSave={onSave} onCancel={onCancel} onRemove={onRemove} />}
    </li>
  )
}
