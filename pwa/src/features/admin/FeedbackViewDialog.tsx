/**
 * One feedback in full: its id, who sent it and when, the text, and the environment data the app
 * attached, with a copy action (the whole record as JSON, ready to paste into a bug report).
 */
import { useEffect, useState } from 'react'
import type { AdminFeedback } from '../../../../contract/schemas/admin.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { useTranslation } from 'react-i18next'
import { adminApi } from '../../data/admin/admin-api.ts'
import { formatDayAndTime } from '../../components/format-date.ts'

type CopyState = 'idle' | 'copied' | 'failed'

export function environmentText(feedback: Pick<AdminFeedback, 'environment_data'>): string {
  return JSON.stringify(feedback.environment_data ?? {}, null, 2)
}

export function FeedbackViewDialog({ feedback: summary, onClose }: { feedback: AdminFeedback; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin')
  const [feedback, setFeedback] = useState(summary)
  const [copy, setCopy] = useState<CopyState>('idle')

  // The row already holds the record; asking again shows the newest copy and proves the link works.
  useEffect(() => {
    let cancelled = false
    adminApi
      .feedback(summary.id)
      .then((fresh) => {
        if (!cancelled) setFeedback(fresh)
      })
      .catch(() => {
        // The row's copy is shown; nothing else to do.
      })
    return () => {
      cancelled = true
    }
  }, [summary.id])

  async function copyEnvironment() {
    try {
      await navigator.clipboard.writeText(environmentText(feedback))
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  const entries = Object.entries(feedback.environment_data ?? {})
  const when = formatDayAndTime(feedback.created_at, i18n.language)
  const from = feedback.user.display_name ? `${feedback.user.display_name} <${feedback.user.email}>` : feedback.user.email

  return (
    <Dialog
      title={t('feedback.viewTitle')}
      onClose={onClose}
      testId="feedback-view-dialog"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={() => void copyEnvironment()}>
            {t('feedback.copy')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('dialog.close')}
          </button>
        </>
      }
    >
      <dl className="detail-list">
        <dt>{t('feedback.id')}</dt>
        <dd data-testid="feedback-id">{feedback.id}</dd>
        <dt>{t('feedback.from')}</dt>
        <dd>{from}</dd>
        <dt>{t('feedback.received')}</dt>
        <dd>{when}</dd>
      </dl>
      <h3 className="dialog-section">{t('feedback.text')}</h3>
      <p className="feedback-full" data-testid="feedback-text">
        {feedback.feedback}
      </p>
      <h3 className="dialog-section">{t('feedback.environment')}</h3>
      {entries.length === 0 ? (
        <p className="muted">{t('feedback.noEnvironment')}</p>
      ) : (
        <dl className="detail-list environment-list" data-testid="feedback-environment">
          {entries.map(([key, value]) => (
            <div key={key} className="detail-row">
              <dt>{key}</dt>
              <dd>{value === null ? '—' : String(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className={copy === 'failed' ? 'form-error' : 'form-success'} role="status" data-testid="copy-status">
        {copy === 'copied' ? t('feedback.copied') : copy === 'failed' ? t('feedback.copyFailed') : ''}
      </p>
    </Dialog>
  )
}
