/**
 * A language's videos: filters, search and sort over the catalogue cached in Dexie, refreshed from
 * the network when it answers, with cursor paging ("More videos"). Offline, downloaded videos stay
 * playable and the others are greyed out as needing a connection.
 */
import { useEffect, useId, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ACCESS_LEVELS, PROFICIENCY_LEVELS } from '../../../contract/limits.ts'
import type { VideoSummary } from '../../../contract/schemas/catalogue.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { CompassTags } from '../features/compass/CompassTags.tsx'
import { FULL_RANGE, isFullRange } from '../features/compass/difficulty.ts'
import { DifficultyFilter } from '../features/compass/DifficultyFilter.tsx'
import { ListCompass } from '../features/compass/ListCompass.tsx'
import { useMyRatings } from '../features/compass/ratings.ts'
import { DownloadControls } from '../features/downloads/DownloadControls.tsx'
import { useOnline } from '../features/pwa/useOnline.ts'
import { fetchVideoPage, filterVideos, listQuery, NO_FILTERS, useCachedVideos, useDownloadedIds, type CatalogueFilters } from '../features/watching/catalogue.ts'
import { formatDuration } from '../features/watching/video-format.ts'
import { AccessBadge } from '../features/watching/VideoFacts.tsx'
import { useTranslation } from 'react-i18next'
import '../features/watching/watching.css'

/** The last network answer for one set of filters (`key`): the next page's cursor, or a failure. */
type Fetched = { key: string; failed: boolean; next: string | null }

export default function VideosPage() {
  const { t } = useTranslation(['watch', 'compass'])
  const { code = '' } = useParams()
  const online = useOnline()
  const [filters, setFilters] = useState<CatalogueFilters>(NO_FILTERS)
  const [search, setSearch] = useState('')
  const [fetched, setFetched] = useState<Fetched | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const cached = useCachedVideos(code)
  const downloaded = useDownloadedIds()
  const videos = useMemo(() => filterVideos(cached ?? [], filters), [cached, filters])
  const myRatings = useMyRatings(cached ?? [])
  const ids = { level: useId(), access: useId(), sort: useId(), search: useId() }

  // A pause in typing becomes the search.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((previous) => (previous.q === search ? previous : { ...previous, q: search })), 300)
    return () => clearTimeout(timer)
  }, [search])

  // The first page for these filters, again when the connection returns.
  const key = `${code}?${listQuery(filters, null)}`
  useEffect(() => {
    if (!online) return
    let live = true
    fetchVideoPage(code, filters, null)
      .then((next) => live && setFetched({ key, failed: false, next }))
      .catch((error: unknown) => {
        console.warn('Could not refresh videos', error)
        if (live) setFetched({ key, failed: true, next: null })
      })
    return () => {
      live = false
    }
  }, [code, filters, online, key])

  const current = fetched?.key === key ? fetched : null
  const loading = online && (current === null || loadingMore)

  function more() {
    const cursor = current?.next
    if (!cursor) return
    setLoadingMore(true)
    fetchVideoPage(code, filters, cursor)
      .then((next) => setFetched({ key, failed: false, next }))
      .catch(() => setFetched({ key, failed: true, next: cursor }))
      .finally(() => setLoadingMore(false))
  }

  // With nothing narrowing the list, an empty one means the language has no videos yet.
  const narrowed = search.trim() !== '' || filters.level !== NO_FILTERS.level || filters.access !== NO_FILTERS.access || filters.hideFinished || !isFullRange(filters.difficulty ?? FULL_RANGE)
  const set = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => setFilters((previous) => ({ ...previous, [key]: value }))

  return (
    <PageFrame title={t('list.title')} wide>
      <div className="video-toolbar" role="search">
        <label className="toolbar-field toolbar-search" htmlFor={ids.search}>
          <span>{t('list.search')}</span>
          <input id={ids.search} className="input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} data-testid="videos-search" />
        </label>
        <label className="toolbar-field" htmlFor={ids.level}>
          <span>{t('list.level')}</span>
          <select id={ids.level} className="input" value={filters.level} onChange={(event) => set('level', event.target.value as CatalogueFilters['level'])} data-testid="videos-level">
            <option value="">{t('list.allLevels')}</option>
            {PROFICIENCY_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`levels.${level}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="toolbar-field" htmlFor={ids.access}>
          <span>{t('list.access')}</span>
          <select id={ids.access} className="input" value={filters.access} onChange={(event) => set('access', event.target.value as CatalogueFilters['access'])} data-testid="videos-access">
            <option value="">{t('list.allAccess')}</option>
            {ACCESS_LEVELS.map((access) => (
              <option key={access} value={access}>
                {t(`access.${access}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="toolbar-field" htmlFor={ids.sort}>
          <span>{t('list.sort')}</span>
          <select id={ids.sort} className="input" value={filters.sort} onChange={(event) => set('sort', event.target.value as CatalogueFilters['sort'])} data-testid="videos-sort">
            <option value="newest">{t('list.sortNewest')}</option>
            <option value="level">{t('list.sortLevel')}</option>
            <option value="difficulty">{t('list.sortDifficulty', { ns: 'compass' })}</option>
          </select>
        </label>
        <DifficultyFilter value={filters.difficulty} onChange={(range) => set('difficulty', range)} />
        <label className="toolbar-check">
          <input type="checkbox" checked={filters.hideFinished} onChange={(event) => set('hideFinished', event.target.checked)} data-testid="videos-hide-finished" />
          <span>{t('list.hideFinished')}</span>
        </label>
      </div>

      <ListCompass code={code} videos={cached ?? []} myRatings={myRatings} downloaded={downloaded} online={online} />
      {!online ? (
        <p className="muted list-offline" role="status">
          {t('list.offline')}
        </p>
      ) : null}
      {current?.failed && online ? (
        <p className="form-error" role="alert">
          {t('list.failed')}
        </p>
      ) : null}

      {cached !== undefined && videos.length === 0 && !loading ? (
        <p className="muted" data-testid="videos-empty">
          {t(narrowed ? 'list.empty' : 'list.emptyLanguage')}
        </p>
      ) : null}
      <ul className="video-grid" data-testid="video-list" aria-busy={loading}>
        {videos.map((video) => (
          <VideoCard key={video.id} code={code} video={video} downloaded={downloaded.has(video.id)} online={online} mine={myRatings.get(video.id)} />
        ))}
      </ul>
      {current?.next && online ? (
        <div className="list-more">
          <button type="button" className="button button-secondary" onClick={more} disabled={loading} data-testid="videos-more">
            {loadingMore ? t('list.loading') : t('list.more')}
          </button>
        </div>
      ) : null}
    </PageFrame>
  )
}

function VideoCard({ code, video, downloaded, online, mine }: { code: string; video: VideoSummary; downloaded: boolean; online: boolean; mine: number | undefined }) {
  const { t } = useTranslation('watch')
  const playable = online || downloaded
  const percent = Math.round(video.progress?.percent ?? 0)
  const body = (
    <>
      <div className="video-thumb">
        {video.thumbnail_url ? <img src={video.thumbnail_url} alt="" loading="lazy" /> : <span className="video-thumb-empty" aria-hidden="true" />}
        <span className="video-duration">{formatDuration(video.duration_seconds)}</span>
        {percent > 0 ? (
          <span className="video-progress" aria-hidden="true">
            <span className="video-progress-fill" style={{ width: `${Math.min(100, percent)}%` }} />
          </span>
        ) : null}
      </div>
      <div className="video-card-body">
        <h2 className="video-card-title">{video.title}</h2>
        <p className="video-tags">
          <span className="tag">{t(`levels.${video.proficiency_level}`)}</span>
          <AccessBadge access={video.access_level} />
          {downloaded ? <span className="tag tag-success">{t('list.downloaded')}</span> : null}
          <CompassTags difficulty={video.difficulty} mine={mine} />
        </p>
        {video.series ? (
          <p className="muted small">{video.episode_number ? t('list.seriesEpisode', { series: video.series.name, episode: video.episode_number }) : video.series.name}</p>
        ) : null}
        <p className="muted small">{percent > 0 ? t('list.percent', { percent }) : t('list.notStarted')}</p>
        {!playable ? <p className="small needs-connection">{t('list.needsConnection')}</p> : null}
      </div>
    </>
  )
  return (
    <li className={playable ? 'video-card' : 'video-card video-card-unavailable'} data-testid="video-card" data-video-id={video.id}>
      {playable ? (
        <Link className="video-card-link" to={`/languages/${code}/videos/${video.id}`}>
          {body}
        </Link>
      ) : (
        <div className="video-card-link" aria-disabled="true">
          {body}
        </div>
      )}
      {online && video.access_level === 'free' ? (
        <div className="video-card-download">
          <DownloadControls videoId={video.id} compact />
        </div>
      ) : null}
    </li>
  )
}
