/**
 * The admin dashboard (spec section 2): cards to manage submissions, videos, users, feedback,
 * applications and background jobs, and a tip. Submissions come first with what waits there ("3 ready
 * to publish"): Publish lives on that page, and nothing else on the dashboard led to it (issue 41).
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminSummary } from '../../../contract/schemas/admin.ts'
import { adminApi } from '../data/admin/admin-api.ts'
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
  const [summary, setSummary] = useState<AdminSummary | null>(null)
  useEffect(() => {
    let gone = false
    // Offline or failed: the cards still lead where they lead, without the counts.
    adminApi.summary().then((value) => !gone && setSummary(value), () => undefined)
    return () => {
      gone = true
    }
  }, [])
  const waiting = summary
    ? t('dashboard.submissionsWaiting', {
        ready: t('dashboard.readyToPublish', { count: summary.submissions_ready_to_publish }),
        review: t('dashboard.waitingForReview', { count: summary.submissions_waiting_for_review }),
      })
    : t('dashboard.submissions')
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
          { to: '/submissions', title: t('dashboard.submissionsTitle'), body: waiting },
          { to: '/admin-videos', title: t('videos.title'), body: t('dashboard.videos') },
          { to: '/admin-users', title: t('users.title'), body: t('dashboard.users') },
          { to: '/admin-feedback', title: t('feedback.title'), body: t('dashboard.feedback') },
          {
            to: '/admin-applications',
            title: t('applications.title'),
            body: summary ? t('dashboard.applicationsPending', { count: summary.applications_pending }) : t('dashboard.applications'),
          },
          { to: '/admin-jobs', title: t('jobs.title'), body: t('dashboard.jobs') },
          { to: '/admin-lexicon', title: t('lexicon.title'), body: t('dashboard.lexicon') },
        ]}
      />
    </PageFrame>
  )
}
