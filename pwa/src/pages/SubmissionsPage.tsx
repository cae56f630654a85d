/**
 * /submissions (spec sections 2, 4, 8): the contributor's own submissions (an admin sees everyone's),
 * with status, publishable status, details, the processed video, delete with confirmation, and for
 * admins accept, reject and the publish form. While a video is being processed the list refreshes
 * itself so the percent moves and "Ready to Publish" appears without a reload.
 */
import { useCallback, useEffect, useState } from 'react'
import type { Submission } from '../../../contract/schemas/contributors.ts'
import { Dialog } from '../components/Dialog.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { canContribute, NotAllowed } from '../features/contribute/NotAllowed.tsx'
import { PublishDialog } from '../features/contribute/PublishDialog.tsx'
import { SubmissionCard } from '../features/contribute/SubmissionCard.tsx'
import { deleteSubmission, listSubmissions, setSubmissionStatus } from '../data/uploads/submissions-api.ts'
import { useSession } from '../data/session/session.ts'
import { useTranslation } from 'react-i18next'
import '../features/contribute/contribute.css'

const REFRESH_WHILE_PROCESSING_MS = 4_000

type Notice = { kind: 'success' | 'error'; text: string } | null

export default function SubmissionsPage() {
  const { t } = useTranslation('contribute')
  const { user } = useSession()
  const allowed = canContribute(user)
  const isAdmin = Boolean(user?.is_admin)
  const [items, setItems] = useState<Submission[] | null>(null)
  const [cursor, setCursor] = useState<string | number | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [loadingMore, setLoadingMore] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  const [deleting, setDeleting] = useState<Submission | null>(null)
  const [deleteBusy, setDeleteBusy] = useState(false)
  const [publishing, setPublishing] = useState<Submission | null>(null)

  const load = useCallback(
    () =>
      listSubmissions().then(
        (page) => {
          setItems((current) => mergeFirstPage(current, page.data))
          setCursor((current) => current ?? page.next_cursor)
          setLoadFailed(false)
        },
        () => setLoadFailed(true),
      ),
    [],
  )

  useEffect(() => {
    if (allowed) void load()
  }, [allowed, load])

  const busyOnServer = Boolean(
    items?.some((item) => item.upload.state === 'uploading' || item.processing.state === 'queued' || item.processing.state === 'processing'),
  )
  useEffect(() => {
    if (!busyOnServer) return
    const timer = setInterval(() => void load(), REFRESH_WHILE_PROCESSING_MS)
    return () => clearInterval(timer)
  }, [busyOnServer, load])

  const replace = (updated: Submission) => setItems((current) => current?.map((item) => (item.id === updated.id ? updated : item)) ?? null)

  async function loadMore() {
    if (!cursor) return
    setLoadingMore(true)
    try {
      const page = await listSubmissions(cursor)
      setItems((current) => [...(current ?? []), ...page.data.filter((item) => !current?.some((known) => known.id === item.id))])
      setCursor(page.next_cursor)
    } catch {
      setNotice({ kind: 'error', text: t('submissions.loadFailed') })
    } finally {
      setLoadingMore(false)
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    setDeleteBusy(true)
    try {
      await deleteSubmission(deleting.id)
      setItems((current) => current?.filter((item) => item.id !== deleting.id) ?? null)
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
      replace(await setSubmissionStatus(submission.id, status))
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
      {loadFailed && !items ? (
        <div className="card contribute-not-allowed" role="alert">
          <p className="form-error">{t('submissions.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={() => void load()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {!items && !loadFailed ? <div className="spinner" role="progressbar" aria-label={t('submissions.loading')} /> : null}
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
      {cursor && items ? (
        <button type="button" className="button button-secondary" onClick={() => void loadMore()} disabled={loadingMore}>
          {t('submissions.loadMore')}
        </button>
      ) : null}

      {deleting ? (
        <Dialog
          title={t('submissions.deleteTitle')}
          onClose={() => setDeleting(null)}
          canClose={!deleteBusy}
          testId="delete-dialog"
          footer={
            <>
              <button type="button" className="button button-ghost" onClick={() => setDeleting(null)} disabled={deleteBusy}>
                {t('common.cancel')}
              </button>
              <button type="button" className="button button-danger" onClick={() => void confirmDelete()} disabled={deleteBusy}>
                {t('submissions.delete')}
              </button>
            </>
          }
        >
          <p>{t('submissions.deleteConfirm')}</p>
        </Dialog>
      ) : null}
      {publishing ? (
        <PublishDialog
          submission={publishing}
          onClose={() => setPublishing(null)}
          onPublished={() => {
            setPublishing(null)
            setNotice({ kind: 'success', text: t('publish.done') })
            void load()
          }}
        />
      ) : null}
    </PageFrame>
  )
}

/** Fresh first page over what is shown: known items updated in place, new ones on top, later pages kept. */
function mergeFirstPage(current: Submission[] | null, fresh: Submission[]): Submission[] {
  if (!current) return fresh
  const byId = new Map(fresh.map((item) => [item.id, item]))
  const kept = current.map((item) => byId.get(item.id) ?? item)
  const added = fresh.filter((item) => !current.some((known) => known.id === item.id))
  return [...added, ...kept]
}
