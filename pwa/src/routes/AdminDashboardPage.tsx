/** The admin dashboard (spec section 2): cards to manage videos, users and feedback, and a tip. */
import { useTranslation } from '../i18n/react.ts'
import { LinkCards } from '../components/LinkCards.tsx'
import { PageFrame } from '../components/PageFrame.tsx'

export default function AdminDashboardPage() {
  const { t } = useTranslation('pages')
  return (
    <PageFrame title={t('adminDashboard.title')}>
      <p className="notice notice-info">{t('adminDashboard.tip')}</p>
      <LinkCards
        items={[
          { to: '/admin-videos', title: t('adminVideos.title'), body: t('adminDashboard.videos') },
          { to: '/admin-users', title: t('adminUsers.title'), body: t('adminDashboard.users') },
          { to: '/admin-feedback', title: t('adminFeedback.title'), body: t('adminDashboard.feedback') },
        ]}
      />
    </PageFrame>
  )
}
