/** The upload form's files and promises: the video, its caption files, the release confirmation, and whether it may be published. */
import { useTranslation } from 'react-i18next'
import { FormField } from '../../components/FormField.tsx'
import { CaptionFilesField } from '../captions/CaptionFilesField.tsx'
import type { UploadFieldsProps } from './UploadDetailsFields.tsx'

export function UploadFileFields({ draft, set, problem, fieldId, fileInputKey }: UploadFieldsProps & { fileInputKey: number }) {
  const { t } = useTranslation('contribute')
  const releaseProblem = problem('release')
  return (
    <>
      <FormField id={fieldId('file')} label={t('upload.fields.file')} hint={t('upload.hints.file')} validated error={problem('file')}>
        {(control) => (
          <input
            // A new key empties the file input after a successful submission.
            key={fileInputKey}
            {...control}
            className="input contribute-file"
            type="file"
            accept="video/*,.mp4,.mov,.avi,.mkv,.webm,.m4v"
            required
            onChange={(event) => set('file', event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>

      <CaptionFilesField language={draft.language} value={draft.captions} onChange={(captions) => set('captions', captions)} resetKey={fileInputKey} />

      <div className="field">
        <label className="contribute-check">
          <input
            type="checkbox"
            checked={draft.releaseConfirmed}
            required
            onChange={(event) => set('releaseConfirmed', event.target.checked)}
            aria-invalid={Boolean(releaseProblem)}
            aria-describedby={releaseProblem ? fieldId('release-error') : undefined}
          />
          <span>{t('upload.fields.release')}</span>
        </label>
        {releaseProblem ? (
          <p id={fieldId('release-error')} className="field-error">
            {releaseProblem}
          </p>
        ) : null}
      </div>

      <label className="contribute-check">
        <input type="checkbox" checked={draft.publishable} onChange={(event) => set('publishable', event.target.checked)} />
        <span>{t('upload.fields.publishable')}</span>
      </label>
    </>
  )
}
