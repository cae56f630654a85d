/**
 * The admin's publish form (spec section 3): title, description, level, the free-video flag, YouTube
 * title and description, product and YouTube thumbnails, the series (existing, none, or a new one with
 * its description) and the episode number, with "next episode" taken from the series. Sent as
 * multipart to POST /submissions/:id/publish; the server makes the catalogue video.
 *
 * The parts: use-publish-form.ts (state, the series list, submit), publish-form.ts (what is sent),
 * PublishDetailsFields.tsx and PublishSeriesFields.tsx (the fields).
 */
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { PublishDetailsFields } from './PublishDetailsFields.tsx'
import { PublishSeriesFields } from './PublishSeriesFields.tsx'
import { usePublishForm } from './use-publish-form.ts'

export function PublishDialog({
  submission,
  onClose,
  onPublished,
}: {
  submission: Submission
  onClose: () => void
  onPublished: (video: VideoDetail) => void
}) {
  const { t } = useTranslation('contribute')
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`
  const { draft, set, series, seriesFailed, nextEpisode, busy, error, submit } = usePublishForm(submission, onPublished)
  const errorId = fieldId('error')
  return (
    <Dialog
      title={t('publish.title')}
      onClose={onClose}
      canClose={!busy}
      testId="publish-dialog"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={fieldId('form')} className="button" disabled={busy}>
            {busy ? t('publish.publishing') : t('publish.submit')}
          </button>
        </>
      }
    >
      <form id={fieldId('form')} className="contribute-form publish-form" onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
        <PublishDetailsFields draft={draft} set={set} fieldId={fieldId} submission={submission} />
        <PublishSeriesFields draft={draft} set={set} fieldId={fieldId} series={series} seriesFailed={seriesFailed} nextEpisode={nextEpisode} />
        <div id={errorId} role="alert" className="contribute-outcome">
          {error ? error.map((line) => <p key={line} className="form-error">{line}</p>) : null}
        </div>
      </form>
    </Dialog>
  )
}
