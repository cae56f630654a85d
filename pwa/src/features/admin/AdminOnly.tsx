/**
 * Admin pages are for admins: anyone else who opens one (a bookmark, a typed address) gets a plain
 * "not allowed" page with a way back, never a page of failing calls. The server still refuses them
 * on every call; a page whose list answers 403 (the role was just removed) shows the same.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { PageFrame } from '../../components/PageFrame.tsx'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../data/session/session.ts'
import './admin.css'

export function NotAllowedPage() {
  const { t } = useTranslation('admin')
  return (
    <PageFrame title={t('notAllowed.title')}>
      <section className="card not-allowed" data-testid="not-allowed">
        <p>{t('notAllowed.body')}</p>
        <Link className="button button-secondary" to="/languages">
          {t('notAllowed.back')}
        </Link>
      </section>
    </PageFrame>
  )
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession()
  if (!user?.is_admin) return <NotAllowedPage />
  return <>{children}</>
}
