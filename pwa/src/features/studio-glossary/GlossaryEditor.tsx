/**
 * Glossing one word in place: one to five meanings, an optional reading and note. Saving hands the entry
 * to the panel, which saves the whole glossary; the limits are the contract's.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { GLOSS_MAX_CHARS, GLOSSES_MAX, LEXICON_NOTE_MAX_CHARS, WORD_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import type { GlossaryEntryDraft } from '../../data/studio-glossary/index.ts'
import { entryProblem } from './glossary-rows.ts'

interface Props {
  headword: string
  entry: GlossaryEntryDraft | null
  saving: boolean
  onSave(entry: GlossaryEntryDraft): void
  onCancel(): void
  onRemove: (() => void) | null
}

export function GlossaryEditor({ headword, entry, saving, onSave, onCancel, onRemove }: Props) {
  const { t } = useTranslation('studio-panels')
  const id = useId()
  const [glosses, setGlosses] = useState<string[]>(entry?.glosses.length ? entry.glosses : [''])
  const [reading, setReading] = useState(entry?.reading ?? '')
  const [note, setNote] = useState(entry?.note ?? '')
  const [tried, setTried] = useState(false)
  const list = useRef<HTMLOListElement>(null)
  const draft: GlossaryEntryDraft = { headword, glosses, reading, note }
  const problem = entryProblem(draft)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!problem) onSave(draft)
  }
  const setGloss = (index: number, value: string) => setGlosses(glosses.map((gloss, at) => (at === index ? value : gloss)))
  const addGloss = () => {
    setGlosses([...glosses, ''])
    // The new field takes the focus, as a keyboard user expects after "Add a meaning".
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus())
  }

  return (
    <form className="glossary-editor" onSubmit={submit} aria-label={t('glossary.editorLabel', { word: headword })} noValidate>
      <ol className="glossary-glosses" ref={list}>
        {glosses.map((gloss, index) => (
          <li key={index}>
            <label htmlFor={`${id}-gloss-${index}`} className="glossary-field-label">
              {t('glossary.meaning', { number: index + 1 })}
            </label>
            <div className="glossary-gloss-line">
              <input
                id={`${id}-gloss-${index}`}
                className="input glossary-input"
                value={gloss}
                maxLength={GLOSS_MAX_CHARS}
                onChange={(event) => setGloss(index, event.target.value)}
                autoFocus={index === 0 && !entry}
                data-testid="gloss-input"
              />
              {glosses.length > 1 && (
                <button type="button" className="glossary-icon-button" onClick={() => setGlosses(glosses.filter((_, at) => at !== index))} aria-label={t('glossary.removeMeaning', { number: index + 1 })}>
                  ×
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>
      {glosses.length < GLOSSES_MAX && (
        <button type="button" className="glossary-link-button" onClick={addGloss}>
          {t('glossary.addMeaning')}
        </button>
      )}
      <div className="glossary-extras">
        <label className="glossary-field">
          <span className="glossary-field-label">{t('glossary.reading')}</span>
          <input className="input glossary-input" value={reading} maxLength={WORD_MAX_CHARS * 2} onChange={(event) => setReading(event.target.value)} />
        </label>
        <label className="glossary-field">
          <span className="glossary-field-label">{t('glossary.note')}</span>
          <input className="input glossary-input" value={note} maxLength={LEXICON_NOTE_MAX_CHARS} onChange={(event) => setNote(event.target.value)} />
        </label>
      </div>
      <p className="field-hint glossary-hint">{t('glossary.limits', { glosses: GLOSSES_MAX, chars: GLOSS_MAX_CHARS })}</p>
      {tried && problem && (
        <p className="field-error glossary-error" role="alert">
          {t(`glossary.problem.${problem}`, { glosses: GLOSSES_MAX, chars: GLOSS_MAX_CHARS })}
        </p>
      )}
      <div className="glossary-actions">
        <button type="submit" className="button button-small" disabled={saving}>
          {t('glossary.save')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onCancel}>
          {t('glossary.cancel')}
        </button>
        {onRemove && (
          <button type="button" className="button button-secondary button-small" onClick={onRemove} disabled={saving}>
            {t('glossary.remove')}
          </button>
        )}
      </div>
    </form>
  )
}
