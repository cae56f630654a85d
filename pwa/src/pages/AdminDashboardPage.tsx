/** The admin dashboard (spec section 2): cards to manage videos, users, feedback, applications and background jobs, and a tip. */
import { useTranslation } from 'react-i18next'
import { LinkCards } from '../components/LinkCards.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { AdminOnly } from '../features/admin/AdminOnly.tsx'
import { useCachedLanguages } from '../data/catalogue/languages.ts'
import { useSelectedLanguage } from '../features/languages/selected-language.ts'

export default function AdminDashboardPage() {
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  )
}

function AdminDashboard() {
  const { t } = useTranslation('admin')
  const language = useSelectedLanguage(useCachedLanguages())
  return (
    <PageFrame title={t('dashboard.title')}>
      {/* Only while no language is picked: once one is, the tip has done its work. */}
      {language ? null : (
        <p className="notice notice-info" data-testid="admin-language-tip">
          {t('dashboard.tip')}
        </p>
      )}
      <LinkCards
        items={[
          { to: '/admin-videos', title: t('videos.title'), body: t('dashboard.videos') },
          { to: '/admin-users', title: t('users.title'), body: t('dashboard.users') },
          { to: '/admin-feedback', title: t('feedback.title'), body: t('dashboard.feedback') },
          { to: '/admin-applications', title: t('applications.title'), body: t('dashboard.applications') },
          { to: '/admin-jobs', title: t('jobs.title'), body: t('dashboard.jobs') },
        ]}
      />
    </PageFrame>
  )
}
