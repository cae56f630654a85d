/**
 * /admin-jobs: the background jobs (transcoding, publishing, the periodic sweeps), newest first,
 * filtered by state: queued (with the last error and when it runs again, while it waits to retry),
 * running, failed (with the error). A failed job can be queued again at once with "Retry now".
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_JOB_STATES, type AdminJobStateFilter } from '../../../contract/vocabulary.ts'
import type { AdminJob } from '../../../contract/schemas/admin.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { adminApi, adminLists } from '../data/admin/admin-api.ts'
import { useCursorList } from '../data/admin/use-cursor-list.ts'
import { adminErrorKey } from '../features/admin/admin-errors.ts'
import { AdminOnly, NotAllowedPage } from '../features/admin/AdminOnly.tsx'
import { AdminTable } from '../features/admin/AdminTable.tsx'
import { FilterSelect } from '../features/admin/SearchBar.tsx'
import { StatusMessage, type Outcome } from '../features/admin/StatusMessage.tsx'
import { formatDayAndTime } from '../components/format-date.ts'

/** The kinds the server knows; any other shows as it is named. */
const KNOWN_KINDS = ['process_submission', 'publish_submission', 'sweep_uploads', 'hourly_pruning'] as const

export default function AdminJobsPage() {
  return (
    <AdminOnly>
      <AdminJobs />
    </AdminOnly>
  )
}

function AdminJobs() {
  const { t, i18n } = useTranslation('admin')
  const [state, setState] = useState<AdminJobStateFilter>('all')
  const list = useCursorList<AdminJob>(adminLists.jobs(state === 'all' ? undefined : state))
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [retryingId, setRetryingId] = useState<number | null>(null)
  const formatTime = (iso: string) => formatDayAndTime(iso, i18n.language)
  const kindName = (kind: string) => ((KNOWN_KINDS as readonly string[]).includes(kind) ? t(`jobs.kind.${kind as (typeof KNOWN_KINDS)[number]}`) : kind)

  if (list.status === 'forbidden') return <NotAllowedPage />

  async function retry(job: AdminJob) {
    setRetryingId(job.id)
    setOutcome(null)
    try {
      list.replace(await adminApi.retryJob(job.id))
      setOutcome({ kind: 'success', text: t('jobs.retried', { id: job.id }) })
    } catch (error) {
      setOutcome({ kind: 'error', text: t(adminErrorKey(error)) })
    } finally {
      setRetryingId(null)
    }
  }

  return (
    <PageFrame title={t('jobs.title')} wide>
      <p className="lead">{t('jobs.intro')}</p>
      <div role="search" className="admin-toolbar">
        <FilterSelect<AdminJobStateFilter>
          label={t('jobs.stateFilter')}
          value={state}
          onChange={setState}
          options={ADMIN_JOB_STATES.map((value) => ({ value, label: t(`jobs.state.${value}`) }))}
        />
      </div>
      <StatusMessage outcome={outcome} />
      <AdminTable
        list={list}
        caption={t('jobs.caption')}
        testId="admin-jobs-table"
        rowTestId="admin-job-row"
        columns={[t('jobs.job'), t('jobs.stateColumn'), t('jobs.errorColumn')]}
        empty={t('jobs.empty')}
        cells={(job) => (
          <>
            <th scope="row" data-label={t('jobs.job')} className="cell-title">
              <span className="row-title">{t('jobs.name', { kind: kindName(job.kind), id: job.id })}</span>
              <span className="muted row-meta">{t('jobs.created', { time: formatTime(job.created_at) })}</span>
            </th>
            <td data-label={t('jobs.stateColumn')} className="cell-half">
              <span className={`role-tag job-${job.state}`}>{t(`jobs.state.${job.state}`)}</span>
              <span className="row-meta">
                {job.max_attempts === null ? t('jobs.attemptsSpent', { attempts: job.attempts }) : t('jobs.attempts', { attempts: job.attempts, max: job.max_attempts })}
              </span>
              {job.state === 'queued' && job.run_after ? <span className="row-meta">{t('jobs.runsAfter', { time: formatTime(job.run_after) })}</span> : null}
            </td>
            <td data-label={t('jobs.errorColumn')} className="cell-text">
              {job.error ? <span className="clamp" data-testid="job-error">{job.error}</span> : <span className="muted">{t('jobs.noError')}</span>}
            </td>
            <td className="cell-actions">
              {job.state === 'failed' ? (
                <button
                  type="button"
                  className="button button-small"
                  disabled={retryingId === job.id}
                  aria-label={t('jobs.retryFor', { id: job.id })}
                  onClick={() => void retry(job)}
                >
                  {t('jobs.retry')}
                </button>
              ) : null}
            </td>
          </>
        )}
      />
    </PageFrame>
  )
}
