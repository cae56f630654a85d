/**
 * A language's videos: filters, search and sort over the catalogue cached in Dexie, refreshed from
 * the network when it answers, with cursor paging ("More videos"). Offline, downloaded videos stay
 * playable and the others are greyed out as needing a connection. A search's transcript lines come
 * from the server; when it cannot answer, from the downloaded videos' tracks on the device.
 */
import { useEffect, useId, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ACCESS_LEVELS, PROFICIENCY_LEVELS } from '../../../contract/limits.ts'
import type { VideoSummary } from '../../../contract/schemas/catalogue.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { CompassTags } from '../features/compass/CompassTags.tsx'
import { FULL_RANGE, isFullRange } from '../data/compass/difficulty.ts'
import { DifficultyFilter } from '../features/compass/DifficultyFilter.tsx'
import { ListCompass } from '../features/compass/ListCompass.tsx'
import { useMyRatings } from '../data/compass/ratings.ts'
import { DownloadControls } from '../features/downloads/DownloadControls.tsx'
import { useOnline } from '../data/runtime/connectivity.ts'
import {
  fetchVideoPage,
  filterVideos,
  guidesOf,
  listQuery,
  NO_FILTERS,
  useCachedVideos,
  useDownloadedIds,
  type CatalogueFilters,
  type TranscriptMatches,
} from '../data/catalogue/catalogue.ts'
import { DIALECTS } from '../../../contract/schemas/captions.ts'
import { formatCueTime } from '../features/captions/cue-time.ts'
import { useOfflineTranscriptMatches } from '../data/downloads/offline-transcript-matches.ts'
import { findFolded } from '../data/catalogue/search-fold.ts'
import { formatDuration } from '../features/watching/video-format.ts'
import { AccessBadge } from '../features/watching/VideoFacts.tsx'
import { useTranslation } from 'react-i18next'
import '../features/watching/watching.css'
import '../features/captions/captions.css'

/**
 * The last network answer for one set of filters (`key`): the next page's cursor, or a failure, and the
 * transcript lines its search matched so far (page after page).
 */
type Fetched = { key: string; failed: boolean; next: string | null; matches: TranscriptMatches }

const NO_MATCHES: TranscriptMatches = new Map()

export default function VideosPage() {
  const { t } = useTranslation(['watch', 'compass'])
  const { t: tc } = useTranslation('captions')
  const { code = '' } = useParams()
  const online = useOnline()
  const [filters, setFilters] = useState<CatalogueFilters>(NO_FILTERS)
  const [search, setSearch] = useState('')
  const [fetched, setFetched] = useState<Fetched | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const cached = useCachedVideos(code)
  const downloaded = useDownloadedIds()
  // The key of the answer the matches came with; stale matches of another search are not used.
  const key = `${code}?${listQuery(filters, null)}`
  const current = fetched?.key === key ? fetched : null
  const serverMatches = current?.matches ?? NO_MATCHES
  // The server's lines when it answered this search; when it cannot (offline, or it failed), the
  // downloaded videos' own tracks fill in, the server's lines of pages it did answer still first.
  const serverCannot = current ? current.failed : !online
  const offline = useOfflineTranscriptMatches(code, filters.q, serverCannot)
  const matches = useMemo(() => (serverCannot && offline.matches.size > 0 ? new Map([...offline.matches, ...serverMatches]) : serverMatches), [serverCannot, offline.matches, serverMatches])
  const videos = useMemo(() => filterVideos(cached ?? [], filters, matches), [cached, filters, matches])
  const myRatings = useMyRatings(cached ?? [])
  const guides = useMemo(() => guidesOf(cached ?? []), [cached])
  const ids = { level: useId(), access: useId(), sort: useId(), search: useId(), dialect: useId(), guide: useId() }

  // A pause in typing becomes the search.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((previous) => (previous.q === search ? previous : { ...previous, q: search })), 300)
    return () => clearTimeout(timer)
  }, [search])

  // The first page for these filters, again when the connection returns.
  useEffect(() => {
    if (!online) return
    let live = true
    fetchVideoPage(code, filters, null)
      .then(({ next, matches: found }) => live && setFetched({ key, failed: false, next, matches: found }))
      .catch((error: unknown) => {
        console.warn('Could not refresh videos', error)
        if (live) setFetched({ key, failed: true, next: null, matches: NO_MATCHES })
      })
    return () => {
      live = false
    }
  }, [code, filters, online, key])

  const loading = (online && (current === null || loadingMore)) || offline.pending

  function more() {
    const cursor = current?.next
    if (!cursor) return
    setLoadingMore(true)
    fetchVideoPage(code, filters, cursor)
      .then(({ next, matches: found }) => setFetched({ key, failed: false, next, matches: new Map([...serverMatches, ...found]) }))
      .catch(() => setFetched({ key, failed: true, next: cursor, matches: serverMatches }))
      .finally(() => setLoadingMore(false))
  }

  // With nothing narrowing the list, an empty one means the language has no videos yet.
  const narrowed =
    search.trim() !== '' ||
    filters.level !== NO_FILTERS.level ||
    filters.access !== NO_FILTERS.access ||
    filters.hideFinished ||
    filters.dialect !== '' ||
    filters.guide !== '' ||
    filters.captions ||
    !isFullRange(filters.difficulty ?? FULL_RANGE)
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
        <label className="toolbar-field" htmlFor={ids.dialect}>
          <span>{tc('list.dialect')}</span>
          <select id={ids.dialect} className="input" value={filters.dialect} onChange={(event) => set('dialect', event.target.value as CatalogueFilters['dialect'])} data-testid="videos-dialect">
            <option value="">{tc('list.allDialects')}</option>
            {DIALECTS.map((dialect) => (
              <option key={dialect} value={dialect}>
                {tc(`dialects.${dialect}`)}
              </option>
            ))}
          </select>
        </label>
        {guides.length > 0 || filters.guide ? (
          <label className="toolbar-field" htmlFor={ids.guide}>
            <span>{tc('list.guide')}</span>
            <select id={ids.guide} className="input" value={filters.guide} onChange={(event) => set('guide', event.target.value)} data-testid="videos-guide">
              <option value="">{tc('list.allGuides')}</option>
              {guides.map((guide) => (
                <option key={guide.id} value={String(guide.id)}>
                  {guide.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="toolbar-field" htmlFor={ids.sort}>
          <span>{t('list.sort')}</span>
          <select id={ids.sort} className="input" value={filters.sort} onChange={(event) => set('sort', event.target.value as CatalogueFilters['sort'])} data-testid="videos-sort">
            <option value="newest">{t('list.sortNewest')}</option>
            <option value="level">{t('list.sortLevel')}</option>
            <option value="difficulty">{t('list.sortDifficulty', { ns: 'compass' })}</option>
          </select>
        </label>
        <DifficultyFilter value={filters.difficulty} onChange={(range) => set('difficulty', range)} />
        {/* The two switches share a row of their own, whatever the width. */}
        <div className="toolbar-checks">
          <label className="toolbar-check">
            <input type="checkbox" checked={filters.captions} onChange={(event) => set('captions', event.target.checked)} data-testid="videos-captions" />
            <span>{tc('list.withCaptions')}</span>
          </label>
          <label className="toolbar-check">
            <input type="checkbox" checked={filters.hideFinished} onChange={(event) => set('hideFinished', event.target.checked)} data-testid="videos-hide-finished" />
            <span>{t('list.hideFinished')}</span>
          </label>
        </div>
      </div>

      <ListCompass code={code} videos={cached ?? []} myRatings={myRatings} downloaded={downloaded} online={online} searching={filters.q.trim() !== ''} />
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
          <VideoCard key={video.id} code={code} video={video} downloaded={downloaded.has(video.id)} online={online} match={filters.q.trim() ? matches.get(video.id) : undefined} query={filters.q.trim()} mine={myRatings.get(video.id)} />
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

function VideoCard({
  code,
  video,
  downloaded,
  online,
  match,
  query,
  mine,
}: {
  code: string
  video: VideoSummary
  downloaded: boolean
  online: boolean
  /** The transcript line the search found, which opens the video at that moment. */
  match?: { start: number; text: string }
  /** The words searched for, marked in the line. */
  query?: string
  /** This learner's own rating, if any. */
  mine: number | undefined
}) {
  const { t } = useTranslation('watch')
  const { t: tc } = useTranslation('captions')
  const guideNames = (video.guides ?? []).map((guide) => guide.display_name).filter(Boolean)
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
          {video.dialect ? <span className="tag tag-neutral" data-testid="video-dialect">{tc(`dialects.${video.dialect}`)}</span> : null}
          {video.has_captions?.length ? (
            <span className="tag tag-neutral" data-testid="video-has-captions">
              {tc('list.hasCaptions')} {video.has_captions.map((language) => language.toUpperCase()).join(' · ')}
            </span>
          ) : null}
          {downloaded ? <span className="tag tag-success">{t('list.downloaded')}</span> : null}
          <CompassTags difficulty={video.difficulty} mine={mine} />
        </p>
        {video.series ? (
          <p className="muted small">{video.episode_number ? t('list.seriesEpisode', { series: video.series.name, episode: video.episode_number }) : video.series.name}</p>
        ) : null}
        {guideNames.length > 0 ? <p className="muted small" data-testid="video-guides">{tc('list.guidedBy', { names: guideNames.join(', ') })}</p> : null}
        {match ? (
          <p className="small video-match" data-testid="video-match">
            <q lang={video.language_code}>
              <Highlighted text={match.text} words={query ?? ''} />
            </q>{' '}
            <span className="video-match-time">{tc('list.saidAt', { time: formatCueTime(match.start) })}</span>
          </p>
        ) : null}
        <p className="muted small">{percent > 0 ? t('list.percent', { percent }) : t('list.notStarted')}</p>
        {!playable ? <p className="small needs-connection">{t('list.needsConnection')}</p> : null}
      </div>
    </>
  )
  return (
    <li className={playable ? 'video-card' : 'video-card video-card-unavailable'} data-testid="video-card" data-video-id={video.id}>
      {playable ? (
        <Link className="video-card-link" to={`/languages/${code}/videos/${video.id}${match ? `?t=${Math.floor(match.start)}` : ''}`}>
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

/**
 * The line with the searched words marked, blind to case and accents as the search is ("di cho" marks
 * "đi chợ"); should a line hold them only in a way this fold does not see (the server's SQLite search
 * folds a few more letters), it shows unmarked.
 */
function Highlighted({ text, words }: { text: string; words: string }) {
  const at = findFolded(text, words)
  if (!at) return <>{text}</>
  const line = text.normalize('NFC')
  return (
    <>
      {line.slice(0, at[0])}
      <mark>{line.slice(...at)}</mark>
      {line.slice(at[1])}
    </>
  )
}
