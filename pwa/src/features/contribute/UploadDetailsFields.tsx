/**
 * The upload form's details: what the video is (title, description, level, language, dialect) and who
 * made it, in which series (creators, series name, episode).
 */
import { useTranslation } from 'react-i18next'
import { SERIES_NAME_MAX_CHARS, SUBMISSION_DESCRIPTION_MAX_CHARS, SUBMISSION_TITLE_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import { FormField } from '../../components/FormField.tsx'
import { DialectSelect } from '../captions/DialectSelect.tsx'
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from './levels.ts'
import type { UploadDraft } from './upload-draft.ts'
import type { UploadField } from './upload-rules.ts'
import type { SetDraftValue } from './use-upload-form.ts'

export interface UploadFieldsProps {
  draft: UploadDraft
  set: SetDraftValue
  /** The field's message, translated, or null. */
  problem: (field: UploadField) => string | null
  fieldId: (name: string) => string
}

export function AboutTheVideoFields({
  draft,
  set,
  problem,
  fieldId,
  languageOptions,
  onGuidelines,
}: UploadFieldsProps & { languageOptions: { code: string; name: string }[]; onGuidelines: () => void }) {
  const { t } = useTranslation('contribute')
  const { t: tc } = useTranslation('captions')
  return (
    <>
      <FormField id={fieldId('title')} label={t('upload.fields.title')} validated error={problem('title')}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={draft.title}
            maxLength={SUBMISSION_TITLE_MAX_CHARS}
            required
            onChange={(event) => set('title', event.target.value)}
          />
        )}
      </FormField>

      <FormField id={fieldId('description')} label={t('upload.fields.description')} hint={t('upload.hints.description')}>
        {(control) => (
          <textarea
            {...control}
            className="input textarea"
            value={draft.description}
            maxLength={SUBMISSION_DESCRIPTION_MAX_CHARS}
            rows={4}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </FormField>

      <div className="contribute-row">
        <FormField
          id={fieldId('level')}
          label={t('upload.fields.level')}
          validated
          error={problem('level')}
          after={
            <button type="button" className="link-button contribute-inline-link" onClick={onGuidelines}>
              {t('upload.showGuidelines')}
            </button>
          }
        >
          {(control) => (
            <select {...control} className="input" value={draft.level} required onChange={(event) => set('level', event.target.value as ProficiencyLevel | '')}>
              <option value="">{t('upload.chooseLevel')}</option>
              {PROFICIENCY_LEVELS.map((option) => (
                <option key={option} value={option}>
                  {t(`levels.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>

        <FormField id={fieldId('language')} label={t('upload.fields.language')}>
          {(control) => (
            <select {...control} className="input" value={draft.language} onChange={(event) => set('language', event.target.value)}>
              {languageOptions.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>

      <FormField
        id={fieldId('dialect')}
        label={tc('fields.dialect')}
        hint={tc('fields.dialectHint')}
        after={
          <button type="button" className="link-button contribute-inline-link" onClick={onGuidelines}>
            {tc('fields.dialectGuideLink')}
          </button>
        }
      >
        {(control) => (
          <DialectSelect control={control} value={draft.dialect} onChange={(value) => set('dialect', value)} placeholder={tc('fields.chooseDialect')} testId="upload-dialect" />
        )}
      </FormField>
    </>
  )
}

export function CreditsFields({ draft, set, problem, fieldId }: UploadFieldsProps) {
  const { t } = useTranslation('contribute')
  return (
    <>
      <FormField id={fieldId('creators')} label={t('upload.fields.creators')} hint={t('upload.hints.creators')} validated error={problem('creators')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            inputMode="email"
            autoComplete="off"
            value={draft.creators}
            onChange={(event) => set('creators', event.target.value)}
          />
        )}
      </FormField>

      <div className="contribute-row">
        <FormField id={fieldId('series')} label={t('upload.fields.seriesName')}>
          {(control) => (
            <input {...control} className="input" value={draft.seriesName} maxLength={SERIES_NAME_MAX_CHARS} onChange={(event) => set('seriesName', event.target.value)} />
          )}
        </FormField>
        <FormField id={fieldId('episode')} label={t('upload.fields.episode')} validated error={problem('episode')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={draft.episode}
              onChange={(event) => set('episode', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <p className="field-hint contribute-optional">{t('upload.hints.series')}</p>
    </>
  )
}
