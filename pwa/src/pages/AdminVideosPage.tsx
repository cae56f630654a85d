/**
 * /admin-videos: find a video by title (or YouTube id), filter by access level, switch its access level
 * in place, and replace its thumbnails. Desktop first; on a phone each row becomes a card.
 */
import { useState } from 'react'
import { ACCESS_LEVELS } from '../../../contract/limits.ts'
import type { AdminVideo } from '../../../contract/schemas/admin.ts'
import type { AccessLevel } from '../../../contract/schemas/catalogue.ts'
import type { Dialect } from '../../../contract/schemas/captions.ts'
import { DialectSelect } from '../features/captions/DialectSelect.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { adminApi, adminLists } from '../data/admin/admin-api.ts'
import { adminErrorKey } from '../features/admin/admin-errors.ts'
import { AdminOnly, NotAllowedPage } from '../features/admin/AdminOnly.tsx'
import { AdminTable } from '../features/admin/AdminTable.tsx'
import { FilterSelect, SearchBar } from '../features/admin/SearchBar.tsx'
import { StatusMessage, type Outcome } from '../features/admin/StatusMessage.tsx'
import { ThumbnailDialog } from '../features/admin/ThumbnailDialog.tsx'
import { useCursorList } from '../data/admin/use-cursor-list.ts'
import { useDebouncedValue } from '../features/admin/use-debounced-value.ts'
import { useTranslation } from 'react-i18next'
import { formatDay } from '../components/format-date.ts'

type AccessFilter = 'all' | AccessLevel

export default function AdminVideosPage() {
  return (
    <AdminOnly>
      <AdminVideos />
    </AdminOnly>
  )
}

function AdminVideos() {
  const { t, i18n } = useTranslation('admin')
  const { t: tc } = useTranslation('captions')
  const [search, setSearch] = useState('')
  const [access, setAccess] = useState<AccessFilter>('all')
  const q = useDebouncedValue(search.trim())
  const list = useCursorList<AdminVideo>(adminLists.videos(q, access === 'all' ? undefined : access))
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [savingId, setSavingId] = useState<number | null>(null)
  const [thumbnailsFor, setThumbnailsFor] = useState<AdminVideo | null>(null)
  const formatDate = (iso: string) => formatDay(iso, i18n.language)

  if (list.status === 'forbidden') return <NotAllowedPage />

  async function changeAccess(video: AdminVideo, level: AccessLevel) {
    setSavingId(video.id)
    setOutcome(null)
    try {
      list.replace(await adminApi.setAccessLevel(video.id, level))
      setOutcome({ kind: 'success', text: t('videos.accessUpdated') })
    } catch (error) {
      setOutcome({ kind: 'error', text: t(adminErrorKey(error)) })
    } finally {
      setSavingId(null)
    }
  }

  async function changeDialect(video: AdminVideo, dialect: Dialect | null) {
    setSavingId(video.id)
    setOutcome(null)
    try {
      list.replace(await adminApi.setDialect(video.id, dialect))
      setOutcome({ kind: 'success', text: tc('admin.saved') })
    } catch (error) {
      setOutcome({ kind: 'error', text: t(adminErrorKey(error)) })
    } finally {
      setSavingId(null)
    }
  }

  const accessLabel = (level: AccessLevel) => t(`access.${level}`)

  return (
    <PageFrame title={t('videos.title')} wide>
      <p className="lead">{t('videos.intro')}</p>
      <SearchBar label={t('videos.search')} placeholder={t('videos.searchPlaceholder')} value={search} onChange={setSearch}>
        <FilterSelect<AccessFilter>
          label={t('videos.accessFilter')}
          value={access}
          onChange={setAccess}
          options={[{ value: 'all', label: t('access.all') }, ...ACCESS_LEVELS.map((level) => ({ value: level, label: accessLabel(level) }))]}
        />
      </SearchBar>
      <StatusMessage outcome={outcome} />
      <AdminTable
        list={list}
        caption={t('videos.caption')}
        testId="admin-videos-table"
        rowTestId="admin-video-row"
        className="admin-table-media"
        columns={[t('videos.thumbnail'), t('videos.video'), t('videos.access'), tc('admin.dialect'), t('videos.published')]}
        empty={q || access !== 'all' ? t('videos.noMatch') : t('videos.empty')}
        cells={(video) => (
          <>
            <td data-label={t('videos.thumbnail')} className="cell-thumbnail">
              {video.thumbnail_url ? (
                <img src={video.thumbnail_url} alt="" width={96} height={54} loading="lazy" />
              ) : (
                <span className="thumbnail-none">{t('thumbnails.none')}</span>
              )}
            </td>
            <th scope="row" data-label={t('videos.video')} className="cell-title">
              <span className="row-title">{video.title}</span>
              <span className="muted row-meta">
                {video.language_code.toUpperCase()} · #{video.id}
                {video.youtube_id ? ` · YouTube ${video.youtube_id}` : ''}
              </span>
            </th>
            <td data-label={t('videos.access')} className="cell-half">
              <select
                className="input input-compact"
                aria-label={t('videos.accessFor', { title: video.title })}
                value={video.access_level}
                disabled={savingId === video.id}
                onChange={(event) => void changeAccess(video, event.target.value as AccessLevel)}
              >
                {ACCESS_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {accessLabel(level)}
                  </option>
                ))}
              </select>
            </td>
            <td data-label={tc('admin.dialect')} className="cell-half">
              <DialectSelect
                className="input input-compact"
                value={video.dialect ?? ''}
                onChange={(dialect) => void changeDialect(video, dialect || null)}
                placeholder={tc('admin.unset')}
                ariaLabel={tc('admin.dialectFor', { title: video.title })}
                disabled={savingId === video.id}
                testId="admin-video-dialect"
              />
            </td>
            <td data-label={t('videos.published')} className="cell-half">{video.published_at ? formatDate(video.published_at) : t('videos.unpublished')}</td>
            <td className="cell-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('videos.thumbnailsFor', { title: video.title })}
                onClick={() => setThumbnailsFor(video)}
              >
                {t('videos.thumbnails')}
              </button>
            </td>
          </>
        )}
      />
      {thumbnailsFor ? (
        <ThumbnailDialog
          video={thumbnailsFor}
          onClose={() => setThumbnailsFor(null)}
          onSaved={(video) => {
            list.replace(video)
            setOutcome({ kind: 'success', text: t('thumbnails.saved') })
          }}
        />
      ) : null}
    </PageFrame>
  )
}
