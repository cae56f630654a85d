/**
 * /submissions (spec sections 2, 4, 8): the contributor's own submissions (an admin sees everyone's),
 * with status, publishable status, details, the processed video, delete with confirmation, and for
 * admins accept, reject and the publish form. While a video is being processed the list refreshes
 * itself so the percent moves and "Ready to Publish" appears without a reload (use-submission-list.ts).
 */
import { useState } from 'react'
import type { Submission } from '../../../contract/schemas/contributors.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { DeleteSubmissionDialog } from '../features/contribute/DeleteSubmissionDialog.tsx'
import { canContribute, NotAllowed } from '../features/contribute/NotAllowed.tsx'
import { PublishDialog } from '../features/contribute/PublishDialog.tsx'
import { SubmissionCard } from '../features/contribute/SubmissionCard.tsx'
import { useSubmissionList } from '../features/contribute/use-submission-list.ts'
import { deleteSubmission, setSubmissionStatus } from '../data/uploads/submissions-api.ts'
import { useSession } from '../data/session/session.ts'
import { useTranslation } from 'react-i18next'
import '../features/contribute/contribute.css'

type Notice = { kind: 'success' | 'error'; text: string } | null

export default function SubmissionsPage() {
  const { t } = useTranslation('contribute')
  const { user } = useSession()
  const allowed = canContribute(user)
  const isAdmin = Boolean(user?.is_admin)
  const list = useSubmissionList(allowed)
  const { items } = list
  const [notice, setNotice] = useState<Notice>(null)
  const [deleting, setDeleting] = useState<Submission | null>(null)
  const [deleteBusy, setDeleteBusy] = useState(false)
  const [publishing, setPublishing] = useState<Submission | null>(null)

  async function loadMore() {
    if (!(await list.loadMore())) setNotice({ kind: 'error', text: t('submissions.loadFailed') })
  }

  async function confirmDelete() {
    if (!deleting) return
    setDeleteBusy(true)
    try {
      await deleteSubmission(deleting.id)
      list.remove(deleting.id)
      setNotice({ kind: 'success', text: t('submissions.deleted') })
    } catch {
      setNotice({ kind: 'error', text: t('submissions.deleteFailed') })
    } finally {
      setDeleteBusy(false)
      setDeleting(null)
    }
  }

  async function changeStatus(submission: Submission, status: 'accepted' | 'rejected') {
    setNotice(null)
    try {
      list.replace(await setSubmissionStatus(submission.id, status))
      setNotice({ kind: 'success', text: t(`submissions.statusChanged.${status}`) })
    } catch {
      setNotice({ kind: 'error', text: t('submissions.statusFailed') })
    }
  }

  if (!allowed) {
    return (
      <PageFrame title={t('submissions.title')}>
        <NotAllowed />
      </PageFrame>
    )
  }

  return (
    <PageFrame title={t('submissions.title')}>
      <p className="lead">{isAdmin ? t('submissions.introAdmin') : t('submissions.intro')}</p>
      <div aria-live="polite" role="status" data-testid="submissions-notice">
        {notice ? <p className={notice.kind === 'success' ? 'form-success contribute-notice' : 'form-error contribute-notice'}>{notice.text}</p> : null}
      </div>
      {list.loadFailed && !items ? (
        <div className="card contribute-not-allowed" role="alert">
          <p className="form-error">{t('submissions.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={() => void list.load()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {!items && !list.loadFailed ? <div className="spinner" role="progressbar" aria-label={t('submissions.loading')} /> : null}
      {items && items.length === 0 ? <p className="card muted">{t('submissions.empty')}</p> : null}
      {items && items.length > 0 ? (
        <ul className="submission-list" data-testid="submission-list">
          {items.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              isAdmin={isAdmin}
              actions={{ onDelete: setDeleting, onStatus: (item, status) => void changeStatus(item, status), onPublish: setPublishing }}
            />
          ))}
        </ul>
      ) : null}
      {list.cursor && items ? (
        <button type="button" className="button button-secondary" onClick={() => void loadMore()} disabled={list.loadingMore}>
          {t('submissions.loadMore')}
        </button>
      ) : null}

      {deleting ? <DeleteSubmissionDialog busy={deleteBusy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} /> : null}
      {publishing ? (
        <PublishDialog
          submission={publishing}
          onClose={() => setPublishing(null)}
          onPublished={() => {
            setPublishing(null)
            setNotice({ kind: 'success', text: t('publish.done') })
            void list.load()
          }}
        />
      ) : null}
    </PageFrame>
  )
}
