/**
 * The upload form (spec sections 2, 5 and 8): the details and the file go into the upload queue,
 * which stores them on the device before anything is sent, so a contributor with no signal (on a
 * train) submits just the same. The queue creates the submission (POST /submissions, with a client_id,
 * so a retry never makes two) once the network answers, then sends the file. The form is free again
 * at once: the queue below shows where the upload is.
 *
 * The parts: use-upload-form.ts (state and submit), upload-draft.ts (the queue entry), the fields in
 * UploadDetailsFields.tsx and UploadFileFields.tsx.
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCachedLanguages } from '../../data/catalogue/languages.ts'
import { getSelectedLanguage } from '../languages/selected-language.ts'
import { LevelGuidelinesDialog } from './LevelGuidelinesDialog.tsx'
import { AboutTheVideoFields, CreditsFields } from './UploadDetailsFields.tsx'
import { UploadFileFields } from './UploadFileFields.tsx'
import type { UploadField } from './upload-rules.ts'
import { useUploadForm, type UploadOutcome } from './use-upload-form.ts'

/** What the learner is told when the device would not keep the video, by why (data/uploads/not-kept.ts). */
const NOT_KEPT_HINT = { full: 'upload.storeFullHint', refused: 'upload.storeRefusedHint', unknown: 'upload.storeFailedHint' } as const

const firstLanguage = () => getSelectedLanguage() ?? 'vi'

export function UploadForm() {
  const { t } = useTranslation('contribute')
  const languages = useCachedLanguages()
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`
  const { draft, set, problems, busy, outcome, fileInputKey, formRef, submit } = useUploadForm(firstLanguage)
  const [guidelinesOpen, setGuidelinesOpen] = useState(false)

  const languageOptions = languages && languages.length > 0 ? languages : [{ code: draft.language, name: draft.language }]
  const problem = (field: UploadField) => {
    const key = problems[field]
    return key ? t(`upload.errors.${key}`) : null
  }
  const fields = { draft, set, problem, fieldId }

  return (
    <form ref={formRef} className="card contribute-form" onSubmit={submit} noValidate data-testid="upload-form">
      <AboutTheVideoFields {...fields} languageOptions={languageOptions} onGuidelines={() => setGuidelinesOpen(true)} />
      <CreditsFields {...fields} />
      <UploadFileFields {...fields} fileInputKey={fileInputKey} />
      <OutcomeLines outcome={outcome} />
      <div className="contribute-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('upload.submitting') : t('upload.submit')}
        </button>
      </div>
      {guidelinesOpen ? <LevelGuidelinesDialog onClose={() => setGuidelinesOpen(false)} /> : null}
    </form>
  )
}

/** Both live regions stay in the page, so a screen reader hears each outcome as it comes. */
function OutcomeLines({ outcome }: { outcome: UploadOutcome }) {
  const { t } = useTranslation('contribute')
  return (
    <>
      <div role="status" aria-live="polite" className="contribute-outcome" data-testid="upload-outcome">
        {outcome?.kind === 'success' ? <p className="form-success">{t(outcome.inMemory ? 'upload.inMemory' : outcome.queued ? 'upload.queuedOffline' : 'upload.success')}</p> : null}
      </div>
      <div role="alert" className="contribute-outcome" data-testid="upload-error">
        {outcome?.kind === 'error' ? (
          <>
            <p className="form-error">{t(outcome.why === 'unknown' ? 'upload.failed' : 'upload.notKept')}</p>
            <p className="field-hint">{t(NOT_KEPT_HINT[outcome.why])}</p>
          </>
        ) : null}
      </div>
    </>
  )
}
