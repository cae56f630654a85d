/**
 * One submission on /submissions: its one status (waiting for review, accepted, published with its
 * link, declined), where its file is (uploading, processing, failed), its details, and what this person
 * may do with it now: play the processed video, delete it (unless published), and for admins accept or
 * decline one waiting for review and publish a processed one not declined (publishing accepts it). The
 * server refuses the rest (409).
 */
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import { useTranslation } from 'react-i18next'
import { useCachedLanguages } from '../../data/catalogue/languages.ts'
import { SubmissionPlayer } from './SubmissionPlayer.tsx'
import { SubmissionCaptions } from '../captions/SubmissionCaptions.tsx'
import { formatDay } from '../../components/format-date.ts'

export interface SubmissionActions {
  onDelete: (submission: Submission) => void
  onStatus: (submission: Submission, status: 'accepted' | 'rejected') => void
  onPublish: (submission: Submission) => void
}

export function SubmissionCard({ submission, isAdmin, actions }: { submission: Submission; isAdmin: boolean; actions: SubmissionActions }) {
  const { t, i18n } = useTranslation('contribute')
  const { t: tc } = useTranslation('captions')
  const languages = useCachedLanguages()
  const languageName = languages?.find((language) => language.code === submission.language_code)?.name ?? submission.language_code
  const [playing, setPlaying] = useState(false)
  const headingId = useId()
  const { processing, upload } = submission
  const { stage } = submission
  const published = stage === 'published'
  const ready = processing.state === 'ready'
  const canPublish = isAdmin && ready && (stage === 'waiting' || stage === 'accepted')

  let fileState: string
  if (processing.state === 'failed') fileState = t('submissions.file.failed', { reason: processing.error ?? t('submissions.file.unknownReason') })
  else if (ready) fileState = t('submissions.file.ready')
  else if (processing.state === 'processing') fileState = t('submissions.file.processing', { percent: Math.round(processing.percent) })
  else if (processing.state === 'queued') fileState = t('submissions.file.queued')
  else if (upload.state === 'uploading') fileState = t('submissions.file.uploading')
  else fileState = t('submissions.file.awaiting')

  const creators = submission.creators.map((creator) => creator.email)
  const submittedOn = formatDay(submission.created_at, i18n.language)

  return (
    <li className="card submission" aria-labelledby={headingId} data-testid="submission" data-submission-id={submission.id}>
      <div className="submission-head">
        <h2 id={headingId} className="submission-title">
          {submission.title}
        </h2>
        <div className="submission-badges">
          <span className={`badge badge-stage-${stage}`} data-testid="submission-status">
            {t(`submissions.stage.${stage}`)}
          </span>
        </div>
      </div>
      <p className={processing.state === 'failed' ? 'form-error' : 'muted'} data-testid="submission-file">
        {fileState}
      </p>
      {published && submission.published_video_id !== null ? (
        <p>
          <Link to={`/languages/${submission.language_code}/videos/${submission.published_video_id}`} data-testid="published-link">
            {t('submissions.viewPublished')}
          </Link>
        </p>
      ) : null}

      <dl className="submission-details">
        {submission.description ? <Detail label={t('submissions.details.description')} value={submission.description} wide /> : null}
        <Detail label={t('submissions.details.level')} value={t(`levels.${submission.proficiency_level}`)} />
        <Detail label={t('submissions.details.language')} value={languageName} />
        {submission.dialect ? <Detail label={tc('fields.dialect')} value={tc(`dialectLong.${submission.dialect}`)} /> : null}
        {submission.uploaded_by.display_name ? (
          <Detail label={t('submissions.details.uploadedBy')} value={submission.uploaded_by.display_name} />
        ) : (
          <Addresses label={t('submissions.details.uploadedBy')} addresses={[submission.uploaded_by.email]} />
        )}
        {creators.length > 0 ? (
          <Addresses label={t('submissions.details.creators')} addresses={creators} />
        ) : (
          <Detail label={t('submissions.details.creators')} value={t('submissions.details.none')} />
        )}
        {submission.series_name ? <Detail label={t('submissions.details.series')} value={submission.series_name} /> : null}
        {submission.episode_number !== null ? <Detail label={t('submissions.details.episode')} value={String(submission.episode_number)} /> : null}
        <Detail label={t('submissions.details.submitted')} value={submittedOn} />
      </dl>

      {!published ? <SubmissionCaptions submission={submission} /> : null}

      {playing && submission.playback ? <SubmissionPlayer src={submission.playback.hls_url} title={submission.title} /> : null}

      <div className="contribute-actions">
        {!published ? (
          <Link className="button button-small" to={`/submissions/${submission.id}/studio`} data-testid="open-studio">
            {t('submissions.openStudio')}
          </Link>
        ) : null}
        {submission.playback ? (
          <button type="button" className="button button-secondary button-small" onClick={() => setPlaying((on) => !on)} aria-expanded={playing}>
            {playing ? t('submissions.hideVideo') : t('submissions.playVideo')}
          </button>
        ) : null}
        {isAdmin && stage === 'waiting' ? (
          <>
            <button type="button" className="button button-secondary button-small" onClick={() => actions.onStatus(submission, 'accepted')}>
              {t('submissions.accept')}
            </button>
            <button type="button" className="button button-secondary button-small" onClick={() => actions.onStatus(submission, 'rejected')}>
              {t('submissions.reject')}
            </button>
          </>
        ) : null}
        {canPublish ? (
          <button type="button" className="button button-small" onClick={() => actions.onPublish(submission)}>
            {t('submissions.publish')}
          </button>
        ) : null}
        {!published ? (
          <button type="button" className="button button-ghost button-small submission-delete" onClick={() => actions.onDelete(submission)}>
            {t('submissions.delete')}
          </button>
        ) : null}
      </div>
    </li>
  )
}

/**
 * E-mail addresses, each whole on a line of its own: never broken mid-word (issue 41 item 17). Where
 * the card is narrower than an address, it ends in an ellipsis and its title holds the whole of it.
 * They span the card's width, so an address has the room of a row, not of a column.
 */
function Addresses({ label, addresses }: { label: string; addresses: string[] }) {
  return (
    <div className="submission-detail submission-detail-wide">
      <dt>{label}</dt>
      {addresses.map((address) => (
        <dd key={address} className="submission-address" title={address} data-testid="submission-address">
          {address}
        </dd>
      ))}
    </div>
  )
}

function Detail({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'submission-detail submission-detail-wide' : 'submission-detail'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
