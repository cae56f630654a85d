/** /admin-feedback: what learners sent, searchable by text or e-mail, within a time range; each opens in full. */
import { useState } from 'react'
import { ADMIN_FEEDBACK_RANGES, type AdminFeedbackRange } from '../../../contract/vocabulary.ts'
import type { AdminFeedback } from '../../../contract/schemas/admin.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { adminLists } from '../data/admin/admin-api.ts'
import { AdminOnly, NotAllowedPage } from '../features/admin/AdminOnly.tsx'
import { AdminTable } from '../features/admin/AdminTable.tsx'
import { FeedbackViewDialog } from '../features/admin/FeedbackViewDialog.tsx'
import { FilterSelect, SearchBar } from '../features/admin/SearchBar.tsx'
import { useCursorList } from '../data/admin/use-cursor-list.ts'
import { useDebouncedValue } from '../features/admin/use-debounced-value.ts'
import { useTranslation } from 'react-i18next'
import { formatDayAndTime } from '../components/format-date.ts'

export default function AdminFeedbackPage() {
  return (
    <AdminOnly>
      <AdminFeedbackList />
    </AdminOnly>
  )
}

function AdminFeedbackList() {
  const { t, i18n } = useTranslation('admin')
  const [search, setSearch] = useState('')
  const [range, setRange] = useState<AdminFeedbackRange>('all')
  const q = useDebouncedValue(search.trim())
  const list = useCursorList<AdminFeedback>(adminLists.feedback(q, range === 'all' ? undefined : range))
  const [viewing, setViewing] = useState<AdminFeedback | null>(null)
  const formatDate = (iso: string) => formatDayAndTime(iso, i18n.language)

  if (list.status === 'forbidden') return <NotAllowedPage />

  return (
    <PageFrame title={t('feedback.title')} wide>
      <p className="lead">{t('feedback.intro')}</p>
      <SearchBar label={t('feedback.search')} placeholder={t('feedback.searchPlaceholder')} value={search} onChange={setSearch}>
        <FilterSelect<AdminFeedbackRange>
          label={t('feedback.range')}
          value={range}
          onChange={setRange}
          options={ADMIN_FEEDBACK_RANGES.map((value) => ({ value, label: t(`ranges.${value}`) }))}
        />
      </SearchBar>
      <AdminTable
        list={list}
        caption={t('feedback.caption')}
        testId="admin-feedback-table"
        rowTestId="admin-feedback-row"
        columns={[t('feedback.received'), t('feedback.from'), t('feedback.text')]}
        empty={q || range !== 'all' ? t('feedback.noMatch') : t('feedback.empty')}
        cells={(feedback) => (
          <>
            <td data-label={t('feedback.received')} className="cell-date">
              {formatDate(feedback.created_at)}
            </td>
            <td data-label={t('feedback.from')} className="cell-email">
              {feedback.user.display_name ? <span className="row-title">{feedback.user.display_name}</span> : null}
              <span className="row-meta">{feedback.user.email}</span>
            </td>
            <th scope="row" data-label={t('feedback.text')} className="cell-text">
              <span className="clamp">{feedback.feedback}</span>
            </th>
            <td className="cell-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('feedback.viewFor', { id: feedback.id })}
                onClick={() => setViewing(feedback)}
              >
                {t('feedback.view')}
              </button>
            </td>
          </>
        )}
      />
      {viewing ? <FeedbackViewDialog feedback={viewing} onClose={() => setViewing(null)} /> : null}
    </PageFrame>
  )
}
