/** The admin dashboard (spec section 2): cards to manage videos, users, feedback and applications, and a tip. */
import { useTranslation } from 'react-i18next'
import { LinkCards } from '../components/LinkCards.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { AdminOnly } from '../features/admin/AdminOnly.tsx'

export default function AdminDashboardPage() {
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  )
}

function AdminDashboard() {
  const { t } = useTranslation('admin')
  return (
    <PageFrame title={t('dashboard.title')}>
      <p className="notice notice-info">{t('dashboard.tip')}</p>
      <LinkCards
        items={[
          { to: '/admin-videos', title: t('videos.title'), body: t('dashboard.videos') },
          { to: '/admin-users', title: t('users.title'), body: t('dashboard.users') },
          { to: '/admin-feedback', title: t('feedback.title'), body: t('dashboard.feedback') },
          { to: '/admin-applications', title: t('applications.title'), body: t('dashboard.applications') },
        ]}
      />
    </PageFrame>
  )
}
