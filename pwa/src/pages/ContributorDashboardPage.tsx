/** The contributor dashboard (spec section 2): the way to guidance, upload, submissions and resources. */
import { useTranslation } from 'react-i18next'
import { LinkCards } from '../components/LinkCards.tsx'
import { PageFrame } from '../components/PageFrame.tsx'

export default function ContributorDashboardPage() {
  const { t } = useTranslation('pages')
  return (
    <PageFrame title={t('contributorDashboard.title')}>
      <p className="lead">{t('contributorDashboard.intro')}</p>
      <LinkCards
        items={[
          { to: '/contributor-guidance', title: t('contributorGuidance.title'), body: t('contributorDashboard.guidance') },
          { to: '/upload', title: t('upload.title'), body: t('contributorDashboard.upload') },
          { to: '/submissions', title: t('submissions.title'), body: t('contributorDashboard.submissions') },
          { to: '/contributor-resources', title: t('contributorResources.title'), body: t('contributorDashboard.resources') },
        ]}
      />
    </PageFrame>
  )
}
