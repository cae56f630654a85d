/**
 * /submissions/:id/studio (issue 44): the captioning studio of one submission, for its owner or an
 * admin. The draft kept on the device opens at once (offline too); the submission and, for a first
 * visit, its stored tracks come from the server.
 */
import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { Submission } from '../../../contract/schemas/contributors.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { fetchSubmission, useStudioDraft } from '../data/studio/index.ts'
import { ApiError } from '../data/api.ts'
import { StudioScreen } from '../features/studio/StudioScreen.tsx'
import { startFromServer } from '../features/studio/studio-tracks.ts'
import '../features/studio/studio.css'

type Load = { kind: 'loading' } | { kind: 'ready'; submission: Submission } | { kind: 'failed'; reason: 'notFound' | 'offline' }

export default function StudioPage() {
  const { t } = useTranslation('studio')
  const id = Number(useParams().id)
  const draft = useStudioDraft(id)
  const [load, setLoad] = useState<Load>({ kind: 'loading' })

  useEffect(() => {
    let gone = false
    fetchSubmission(id)
      .then(async (submission) => {
        await startFromServer(submission)
        if (!gone) setLoad({ kind: 'ready', submission })
      })
      .catch((error: unknown) => {
        if (!gone) setLoad({ kind: 'failed', reason: error instanceof ApiError && (error.status === 404 || error.status === 403) ? 'notFound' : 'offline' })
      })
    return () => {
      gone = true
    }
  }, [id])

  const submission = load.kind === 'ready' ? load.submission : null
  const title = submission ? t('titleOf', { title: submission.title }) : t('title')
  return (
    <PageFrame title={title} wide>
      {load.kind === 'failed' && load.reason === 'notFound' ? (
        <p className="form-error" role="alert">
          {t('notFound')}
        </p>
      ) : draft ? (
        <>
          {load.kind === 'failed' ? <p className="muted" role="status">{t('offlineDraft')}</p> : null}
          <StudioScreen draft={draft} submission={submission} />
        </>
      ) : load.kind === 'failed' ? (
        <p className="form-error" role="alert">
          {t('loadFailed')}
        </p>
      ) : (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
    </PageFrame>
  )
}
