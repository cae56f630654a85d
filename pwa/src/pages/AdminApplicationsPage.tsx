/**
 * /admin-applications: contributor applications, newest first, filtered by status. An admin watches
 * the sample video and accepts (the person becomes a contributor, now or at their first sign-in) or
 * rejects. A decision is final (the server refuses another): a decided application offers no
 * Accept or Reject, and leaves a list filtered to another status.
 */
import { useState } from 'react'
import { APPLICATION_STATUSES } from '../../../contract/vocabulary.ts'
import type { ApplicationStatus, ContributorApplication } from '../../../contract/schemas/contributors.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { adminApi, adminLists } from '../data/admin/admin-api.ts'
import { adminErrorKey } from '../features/admin/admin-errors.ts'
import { AdminOnly, NotAllowedPage } from '../features/admin/AdminOnly.tsx'
import { AdminTable } from '../features/admin/AdminTable.tsx'
import { ApplicationVideoDialog } from '../features/admin/ApplicationVideoDialog.tsx'
import { FilterSelect } from '../features/admin/SearchBar.tsx'
import { StatusMessage, type Outcome } from '../features/admin/StatusMessage.tsx'
import { useCursorList } from '../data/admin/use-cursor-list.ts'
import { useTranslation } from 'react-i18next'
import { formatDay } from '../components/format-date.ts'

type StatusFilter = 'all' | ApplicationStatus

export default function AdminApplicationsPage() {
  return (
    <AdminOnly>
      <AdminApplications />
    </AdminOnly>
  )
}

function AdminApplications() {
  const { t, i18n } = useTranslation('admin')
  const [status, setStatus] = useState<StatusFilter>('pending')
  const list = useCursorList<ContributorApplication>(adminLists.applications(status === 'all' ? undefined : status))
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [savingId, setSavingId] = useState<number | null>(null)
  const [playing, setPlaying] = useState<ContributorApplication | null>(null)
  const formatDate = (iso: string) => formatDay(iso, i18n.language)
  // Sample videos run from a few hundred kilobytes to 50 MB: name the size in the unit that reads best.
  const formatSize = (bytes: number) => {
    const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value)
    return bytes < 1024 * 1024 ? t('applications.sizeKb', { size: number(Math.max(1, Math.round(bytes / 1024))) }) : t('applications.sizeMb', { size: number(bytes / (1024 * 1024)) })
  }

  if (list.status === 'forbidden') return <NotAllowedPage />

  async function decide(application: ContributorApplication, next: ApplicationStatus) {
    setSavingId(application.id)
    setOutcome(null)
    try {
      const decided = await adminApi.decideApplication(application.id, next)
      if (status !== 'all' && decided.status !== status) list.remove(decided.id)
      else list.replace(decided)
      setOutcome({ kind: 'success', text: t(`applications.decided.${next}`, { name: application.name }) })
    } catch (error) {
      setOutcome({ kind: 'error', text: t(adminErrorKey(error)) })
    } finally {
      setSavingId(null)
    }
  }

  return (
    <PageFrame title={t('applications.title')} wide>
      <p className="lead">{t('applications.intro')}</p>
      <div role="search" className="admin-toolbar">
        <FilterSelect<StatusFilter>
          label={t('applications.statusFilter')}
          value={status}
          onChange={setStatus}
          options={[{ value: 'all', label: t('applications.all') }, ...APPLICATION_STATUSES.map((value) => ({ value, label: t(`applications.status.${value}`) }))]}
        />
      </div>
      <StatusMessage outcome={outcome} />
      <AdminTable
        list={list}
        caption={t('applications.caption')}
        testId="admin-applications-table"
        rowTestId="admin-application-row"
        columns={[t('applications.applicant'), t('applications.details'), t('applications.statusColumn')]}
        empty={t('applications.empty')}
        cells={(application) => (
          <>
            <th scope="row" data-label={t('applications.applicant')} className="cell-title">
              <span className="row-title">{application.name}</span>
              <span className="row-meta">{application.email}</span>
              <span className="muted row-meta">{formatDate(application.created_at)}</span>
            </th>
            <td data-label={t('applications.details')} className="cell-text">
              <span className="row-meta">
                {application.location || t('applications.noLocation')} · {t(`applications.english.${application.english_ability}`)}
              </span>
              {application.notes ? <span className="clamp">{application.notes}</span> : null}
            </td>
            <td data-label={t('applications.statusColumn')} className="cell-half">
              <span className={`role-tag status-${application.status}`}>{t(`applications.status.${application.status}`)}</span>
            </td>
            <td className="cell-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('applications.playFor', { name: application.name })}
                onClick={() => setPlaying(application)}
              >
                {t('applications.play', { size: formatSize(application.video.bytes) })}
              </button>
              {application.status === 'pending' ? (
                <>
                  <button
                    type="button"
                    className="button button-small"
                    disabled={savingId === application.id}
                    aria-label={t('applications.acceptFor', { name: application.name })}
                    onClick={() => void decide(application, 'accepted')}
                  >
                    {t('applications.accept')}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={savingId === application.id}
                    aria-label={t('applications.rejectFor', { name: application.name })}
                    onClick={() => void decide(application, 'rejected')}
                  >
                    {t('applications.reject')}
                  </button>
                </>
              ) : null}
            </td>
          </>
        )}
      />
      {playing ? <ApplicationVideoDialog application={playing} onClose={() => setPlaying(null)} /> : null}
    </PageFrame>
  )
}
