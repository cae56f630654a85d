/**
 * The admin lexicon's two dialogs: correcting an entry (its meanings, one a line, its reading and its
 * note; the headword names the entry and stays) and removing one, asked first. The contract's limits
 * are checked here for a quick answer; the server checks them again.
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GLOSS_MAX_CHARS, GLOSSES_MAX, LEXICON_NOTE_MAX_CHARS, WORD_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import type { AdminLexiconEntry } from '../../../../contract/schemas/words.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { adminApi } from '../../data/admin/admin-api.ts'
import { ApiError } from '../../data/api.ts'
import { adminErrorKey } from './admin-errors.ts'

type State = { kind: 'editing' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; text: string }

/** The meanings typed one a line: blank lines dropped, each trimmed, each once. */
export function glossesOfText(text: string): string[] {
  return [...new Set(text.split('\n').map((line) => line.trim()).filter(Boolean))]
}

function glossesProblem(glosses: readonly string[]): 'none' | 'tooMany' | 'tooLong' | null {
  if (glosses.length === 0) return 'none'
  if (glosses.length > GLOSSES_MAX) return 'tooMany'
  if (glosses.some((gloss) => gloss.length > GLOSS_MAX_CHARS)) return 'tooLong'
  return null
}

export function EditLexiconEntryDialog({ entry, onClose, onSaved }: { entry: AdminLexiconEntry; onClose: () => void; onSaved: (entry: AdminLexiconEntry) => void }) {
  const { t } = useTranslation('admin')
  const [glosses, setGlosses] = useState(entry.glosses.join('\n'))
  const [reading, setReading] = useState(entry.reading ?? '')
  const [note, setNote] = useState(entry.note ?? '')
  const [state, setState] = useState<State>({ kind: 'editing' })
  const ids = { form: useId(), glosses: useId(), glossesHint: useId(), reading: useId(), note: useId() }
  const saving = state.kind === 'saving'
  const problem = glossesProblem(glossesOfText(glosses))

  function edited<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value)
      if (!saving) setState({ kind: 'editing' })
    }
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    if (problem || saving) return
    setState({ kind: 'saving' })
    try {
      const saved = await adminApi.updateLexiconEntry(entry.id, { glosses: glossesOfText(glosses), reading: reading.trim() || null, note: note.trim() || null })
      onSaved(saved)
      setState({ kind: 'saved' })
    } catch (error) {
      const text = error instanceof ApiError && error.status === 422 && error.errors[0] ? error.errors[0] : t(adminErrorKey(error))
      setState({ kind: 'error', text })
    }
  }

  return (
    <Dialog
      title={t('lexicon.editTitle', { word: entry.headword })}
      onClose={onClose}
      canClose={!saving}
      testId="lexicon-edit-dialog"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={saving}>
            {state.kind === 'saved' ? t('dialog.done') : t('dialog.cancel')}
          </button>
          <button type="submit" form={ids.form} className="button" disabled={problem !== null || saving}>
            {saving ? t('dialog.saving') : t('dialog.save')}
          </button>
        </>
      }
    >
      <form id={ids.form} className="admin-dialog-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={ids.glosses}>
            {t('lexicon.glossesLabel')}
          </label>
          <textarea
            id={ids.glosses}
            className="input textarea lexicon-glosses-input"
            value={glosses}
            rows={4}
            disabled={saving}
            aria-describedby={ids.glossesHint}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => edited(setGlosses)(event.target.value)}
          />
          <p id={ids.glossesHint} className={problem ? 'field-error' : 'field-hint'}>
            {problem ? t(`lexicon.problem.${problem}`, { max: GLOSSES_MAX, chars: GLOSS_MAX_CHARS }) : t('lexicon.glossesHint', { max: GLOSSES_MAX })}
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.reading}>
            {t('lexicon.readingLabel')}
          </label>
          <input id={ids.reading} className="input" value={reading} maxLength={WORD_MAX_CHARS * 2} autoComplete="off" disabled={saving} onChange={(event) => edited(setReading)(event.target.value)} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.note}>
            {t('lexicon.noteLabel')}
          </label>
          <textarea id={ids.note} className="input textarea lexicon-note-input" value={note} rows={2} maxLength={LEXICON_NOTE_MAX_CHARS} disabled={saving} onChange={(event) => edited(setNote)(event.target.value)} />
        </div>
        <p className={state.kind === 'error' ? 'form-error' : 'form-success'} role="status" data-testid="lexicon-edit-status">
          {state.kind === 'error' ? state.text : state.kind === 'saved' ? t('lexicon.saved', { word: entry.headword }) : ''}
        </p>
      </form>
    </Dialog>
  )
}

export function RemoveLexiconEntryDialog({ entry, busy, onCancel, onConfirm }: { entry: AdminLexiconEntry; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('admin')
  return (
    <Dialog
      title={t('lexicon.removeTitle', { word: entry.headword })}
      onClose={onCancel}
      canClose={!busy}
      testId="lexicon-remove-dialog"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
            {t('dialog.cancel')}
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {t('lexicon.remove')}
          </button>
        </>
      }
    >
      <p>{t('lexicon.removeConfirm', { word: entry.headword })}</p>
    </Dialog>
  )
}
