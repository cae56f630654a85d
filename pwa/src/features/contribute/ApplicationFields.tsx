/** The contributor application's fields: who the person is (name, email, location), their English, their notes and their video. */
import { useTranslation } from 'react-i18next'
import { APPLICATION_LOCATION_MAX_CHARS, APPLICATION_NAME_MAX_CHARS, APPLICATION_NOTES_MAX_CHARS, EMAIL_MAX_CHARS } from '../../../../contract/limits.ts'
import { FormField } from '../../components/FormField.tsx'
import type { ApplicationDraft, ApplicationField, ApplicationProblems } from './application-draft.ts'
import { APPLICATION_VIDEO_ACCEPT, ENGLISH_ABILITY_OPTIONS } from './application-rules.ts'
import type { SetApplicationValue } from './use-application-form.ts'

interface ApplicationFieldsProps {
  draft: ApplicationDraft
  set: SetApplicationValue
  problems: ApplicationProblems
  fieldId: (name: string) => string
}

function useProblem(problems: ApplicationProblems) {
  const { t } = useTranslation('contribute')
  return (field: ApplicationField) => {
    const key = problems[field]
    return key ? t(`apply.errors.${key}`) : undefined
  }
}

export function ContactFields({ draft, set, problems, fieldId }: ApplicationFieldsProps) {
  const { t } = useTranslation('contribute')
  const problem = useProblem(problems)
  return (
    <>
      <FormField id={fieldId('name')} label={t('apply.fields.name')} validated error={problem('name')}>
        {(control) => (
          <input {...control} className="input" autoComplete="name" maxLength={APPLICATION_NAME_MAX_CHARS} required value={draft.name} onChange={(event) => set('name', event.target.value)} />
        )}
      </FormField>
      <FormField id={fieldId('email')} label={t('apply.fields.email')} validated error={problem('email')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_CHARS}
            required
            value={draft.email}
            onChange={(event) => set('email', event.target.value)}
          />
        )}
      </FormField>
      <FormField id={fieldId('location')} label={t('apply.fields.location')} hint={t('apply.hints.location')}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="address-level2"
            maxLength={APPLICATION_LOCATION_MAX_CHARS}
            value={draft.location}
            onChange={(event) => set('location', event.target.value)}
          />
        )}
      </FormField>
    </>
  )
}

export function EnglishField({ draft, set, problems, fieldId }: ApplicationFieldsProps) {
  const { t } = useTranslation('contribute')
  const problem = useProblem(problems)('english')
  return (
    <fieldset className="field" aria-describedby={problem ? fieldId('english-error') : undefined}>
      <legend className="field-label">{t('apply.fields.english')}</legend>
      <div className="contribute-radios">
        {ENGLISH_ABILITY_OPTIONS.map((option) => (
          <label key={option} className="contribute-check">
            <input
              type="radio"
              name="english_ability"
              value={option}
              checked={draft.english === option}
              onChange={() => set('english', option)}
              aria-invalid={Boolean(problem) && option === ENGLISH_ABILITY_OPTIONS[0]}
            />
            <span>{t(`apply.english.${option}`)}</span>
          </label>
        ))}
      </div>
      {problem ? (
        <p id={fieldId('english-error')} className="field-error">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}

export function NotesAndVideoFields({ draft, set, problems, fieldId, onOpenScript }: ApplicationFieldsProps & { onOpenScript: () => void }) {
  const { t } = useTranslation('contribute')
  const problem = useProblem(problems)
  return (
    <>
      <FormField id={fieldId('notes')} label={t('apply.fields.notes')}>
        {(control) => (
          <textarea {...control} className="input textarea" rows={4} maxLength={APPLICATION_NOTES_MAX_CHARS} value={draft.notes} onChange={(event) => set('notes', event.target.value)} />
        )}
      </FormField>
      <FormField
        id={fieldId('video')}
        label={t('apply.fields.video')}
        hint={
          <>
            {t('apply.hints.video')}{' '}
            <button type="button" className="link-button" onClick={onOpenScript}>
              {t('apply.script.open')}
            </button>
          </>
        }
        validated
        error={problem('video')}
        errorTestId="apply-video-error"
      >
        {(control) => (
          <input {...control} className="input contribute-file" type="file" accept={APPLICATION_VIDEO_ACCEPT} onChange={(event) => set('video', event.target.files?.[0] ?? null)} />
        )}
      </FormField>
    </>
  )
}
