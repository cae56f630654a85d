/** The publish form's video details: title, description, level, dialect, captions, the free flag, YouTube's title and description, both thumbnails. */
import { useTranslation } from 'react-i18next'
import { SUBMISSION_DESCRIPTION_MAX_CHARS, SUBMISSION_TITLE_MAX_CHARS, YOUTUBE_DESCRIPTION_MAX_CHARS, YOUTUBE_TITLE_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import { FormField } from '../../components/FormField.tsx'
import { DialectSelect } from '../captions/DialectSelect.tsx'
import { SubmissionCaptions } from '../captions/SubmissionCaptions.tsx'
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from './levels.ts'
import type { PublishDraft } from './publish-form.ts'
import type { SetPublishValue } from './use-publish-form.ts'

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp'

export interface PublishFieldsProps {
  draft: PublishDraft
  set: SetPublishValue
  fieldId: (name: string) => string
}

export function PublishDetailsFields({ draft, set, fieldId, submission }: PublishFieldsProps & { submission: Submission }) {
  const { t } = useTranslation('contribute')
  const { t: tc } = useTranslation('captions')
  return (
    <>
      <FormField id={fieldId('title')} label={t('publish.fields.title')}>
        {(control) => <input {...control} className="input" value={draft.title} maxLength={SUBMISSION_TITLE_MAX_CHARS} required onChange={(event) => set('title', event.target.value)} />}
      </FormField>
      <FormField id={fieldId('description')} label={t('publish.fields.description')}>
        {(control) => (
          <textarea
            {...control}
            className="input textarea"
            rows={3}
            value={draft.description}
            maxLength={SUBMISSION_DESCRIPTION_MAX_CHARS}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </FormField>
      <FormField id={fieldId('level')} label={t('publish.fields.level')}>
        {(control) => (
          <select {...control} className="input" value={draft.level} onChange={(event) => set('level', event.target.value as ProficiencyLevel)}>
            {PROFICIENCY_LEVELS.map((option) => (
              <option key={option} value={option}>
                {t(`levels.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={fieldId('dialect')} label={tc('fields.dialect')}>
        {(control) => <DialectSelect control={control} value={draft.dialect} onChange={(value) => set('dialect', value)} placeholder={tc('admin.unset')} testId="publish-dialect" />}
      </FormField>
      <SubmissionCaptions submission={submission} />
      <label className="contribute-check">
        <input type="checkbox" checked={draft.isFree} onChange={(event) => set('isFree', event.target.checked)} aria-describedby={fieldId('free-hint')} />
        <span>
          {t('publish.fields.isFree')}
          <span id={fieldId('free-hint')} className="field-hint contribute-block">
            {t('publish.hints.isFree')}
          </span>
        </span>
      </label>
      <FormField id={fieldId('yt-title')} label={t('publish.fields.youtubeTitle')}>
        {(control) => <input {...control} className="input" value={draft.youtubeTitle} maxLength={YOUTUBE_TITLE_MAX_CHARS} onChange={(event) => set('youtubeTitle', event.target.value)} />}
      </FormField>
      <FormField id={fieldId('yt-description')} label={t('publish.fields.youtubeDescription')}>
        {(control) => (
          <textarea
            {...control}
            className="input textarea"
            rows={3}
            value={draft.youtubeDescription}
            maxLength={YOUTUBE_DESCRIPTION_MAX_CHARS}
            onChange={(event) => set('youtubeDescription', event.target.value)}
          />
        )}
      </FormField>
      <FormField id={fieldId('thumb')} label={t('publish.fields.productThumbnail')}>
        {(control) => (
          <input
            {...control}
            className="input contribute-file"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(event) => set('productThumbnail', event.target.files?.[0] ?? null)}
            // Both thumbnails share the one hint shown under the second.
            aria-describedby={fieldId('thumb-hint')}
          />
        )}
      </FormField>
      <FormField id={fieldId('yt-thumb')} label={t('publish.fields.youtubeThumbnail')} hint={t('publish.hints.thumbnails')} hintId={fieldId('thumb-hint')}>
        {(control) => (
          <input {...control} className="input contribute-file" type="file" accept={IMAGE_ACCEPT} onChange={(event) => set('youtubeThumbnail', event.target.files?.[0] ?? null)} />
        )}
      </FormField>
    </>
  )
}
