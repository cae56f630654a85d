/**
 * Plays a contributor application's video. The file needs the bearer header, which a <video> cannot
 * send, so it is fetched as a blob and played from an object URL that is released on close.
 */
import { useEffect, useState } from 'react'
import type { ContributorApplication } from '../../../../contract/schemas/contributors.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { useTranslation } from 'react-i18next'
import { adminApi } from '../../data/admin/admin-api.ts'
import { adminErrorKey } from './admin-errors.ts'

type State = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'error'; key: string }

export function ApplicationVideoDialog({ application, onClose }: { application: ContributorApplication; onClose: () => void }) {
  const { t } = useTranslation('admin')
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    let url: string | null = null
    let cancelled = false
    adminApi
      .applicationVideo(application.id)
      .then((blob) => {
        if (cancelled) return
        url = URL.createObjectURL(blob)
        setState({ kind: 'ready', url })
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: 'error', key: adminErrorKey(error) })
      })
    return () => {
      cancelled = true
      if (url) URL.revokeObjectURL(url)
    }
  }, [application.id])

  return (
    <Dialog
      title={t('applications.videoTitle', { name: application.name })}
      onClose={onClose}
      testId="application-video-dialog"
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t('dialog.close')}
        </button>
      }
    >
      {state.kind === 'loading' ? (
        <p className="muted" role="status">
          {t('applications.videoLoading')}
        </p>
      ) : state.kind === 'error' ? (
        <p className="form-error" role="alert">
          {t(state.key)}
        </p>
      ) : (
        <video className="application-video" src={state.url} controls playsInline data-testid="application-video">
          {t('applications.videoUnsupported')}
        </video>
      )}
    </Dialog>
  )
}
