/**
 * /upload (spec sections 2, 5, 8): the upload form, and below it the queue of this device's uploads.
 * Contributors and admins only; anyone else is told why and where to apply.
 */
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { PageFrame } from '../components/PageFrame.tsx'
import { startUploads } from '../data/uploads/uploads.ts'
import { canContribute, NotAllowed } from '../features/contribute/NotAllowed.tsx'
import { UploadForm } from '../features/contribute/UploadForm.tsx'
import { UploadQueueList } from '../features/contribute/UploadQueueList.tsx'
import { useSession } from '../data/session/session.ts'
import { useTranslation } from 'react-i18next'
import '../features/contribute/contribute.css'

export default function UploadPage() {
  const { t } = useTranslation('contribute')
  const { user } = useSession()
  const allowed = canContribute(user)

  useEffect(() => {
    if (allowed) startUploads()
  }, [allowed])

  return (
    <PageFrame title={t('upload.title')}>
      {allowed ? (
        <>
          <p className="lead">
            {t('upload.intro')} <Link to="/contributor-guidance">{t('upload.guidanceLink')}</Link>
          </p>
          <div className="contribute-upload-layout">
            <UploadForm />
            <UploadQueueList />
          </div>
        </>
      ) : (
        <NotAllowed />
      )}
    </PageFrame>
  )
}
