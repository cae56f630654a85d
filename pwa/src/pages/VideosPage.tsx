/**
 * A language's videos: filters, search and sort over the catalogue cached in Dexie, refreshed from
 * the network when it answers, with cursor paging ("More videos"). Offline, downloaded videos stay
 * playable and the others are greyed out as needing a connection. A search's transcript lines come
 * from the server; when it cannot answer, from the downloaded videos' tracks on the device.
 */
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { VideoSummary } from '../../../contract/schemas/catalogue.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { CompassTags } from '../features/compass/CompassTags.tsx'
import { FULL_RANGE, isFullRange } from '../data/compass/difficulty.ts'
import { ListCompass } from '../features/compass/ListCompass.tsx'
import { useMyRatings } from '../data/compass/ratings.ts'
import { DownloadControlsOf } from '../features/downloads/DownloadControls.tsx'
import { useDownloadsByVideo } from '../data/downloads/use-downloads.ts'
import type { DownloadRecord } from '../data/downloads/record.ts'
import { useOnline } from '../data/runtime/connectivity.ts'
import { useMarkListPainted } from '../data/runtime/list-painted.ts'
import {
  fetchVideoPage,
  firstPageAhead,
  filterVideos,
  FINISHED_PERCENT,
  guidesOf,
  listQuery,
  NO_FILTERS,
  useCachedVideos,
  useDownloadedIds,
  withAnswered,
  type CachedVideo,
  type CatalogueFilters,
  type TranscriptMatches,
} from '../data/catalogue/catalogue.ts'
import { formatCueTime } from '../features/captions/cue-time.ts'
import { useOfflineTranscriptMatches } from '../data/downloads/offline-transcript-matches.ts'
import { findFolded } from '../data/catalogue/search-fold.ts'
import { formatDuration } from '../components/format-duration.ts'
import { VideoFilters } from '../features/video-list/VideoFilters.tsx'
import { useLearnerLevel } from '../data/progress/learner-level.ts'
import { prefetchVideoDetail } from '../data/catalogue/video-detail.ts'
import { preloadHls } from '../player/hls-playback.ts'
import { CheckIcon } from '../components/icons.tsx'
import { ApiError } from '../data/api.ts'
import { InstallBanner } from '../features/pwa/InstallBanner.tsx'
import { useDemoProgress } from '../data/catalogue/demo-progress.ts'
import { useTranslation } from 'react-i18next'
import { useSessionValue } from '../data/session/session.ts'
import { accessFor } from '../../../contract/access.ts'
import { PlacementOffer } from '../features/words-share/PlacementOffer.tsx'
import { shareOf, shareView, useListShares } from '../features/words-share/use-list-shares.ts'
import { WordShare } from '../features/words-share/WordShare.tsx'
import '../styles/watching.css'
import '../features/captions/captions.css'

/**
 * The last network answer for one set of filters (`key`): the next page's cursor, or a failure, the videos
 * of its pages (shown before the device's copy has them), and the transcript lines its search matched so
 * far (page after page).
 */
type Fetched = { key: string; failed: boolean; next: string | null; videos: readonly CachedVideo[]; matches: TranscriptMatches; noSuchLanguage?: boolean }

const NO_MATCHES: TranscriptMatches = new Map()

/** A pause in typing becomes the search. */
function useSearchAfterPause(search: string, setFilters: Dispatch<SetStateAction<CatalogueFilters>>) {
  useEffect(() => {
    const timer = setTimeout(() => setFilters((previous) => (previous.q === search ? previous : { ...previous, q: search })), 300)
    return () => clearTimeout(timer)
  }, [search, setFilters])
}

export default function VideosPage() {
  const { t } = useTranslation(['watch', 'compass', 'words-progress'])
  const { code = '' } = useParams()
  const online = useOnline()
  const [filters, setFilters] = useState<CatalogueFilters>(NO_FILTERS)
  const [search, setSearch] = useState('')
  // The first page asked for before the app's first render shows in that render (app/first-paint.ts).
  const [fetched, setFetched] = useState<Fetched | null>(() => {
    const ahead = firstPageAhead(code)
    return ahead ? { key: `${code}?${listQuery(NO_FILTERS, null)}`, failed: false, next: ahead.next, videos: ahead.videos, matches: ahead.matches } : null
  })
  const answeredAhead = useRef(fetched !== null)
  const [loadingMore, setLoadingMore] = useState(false)
  const cached = useCachedVideos(code)
  const downloaded = useDownloadedIds()
  const downloadRecords = useDownloadsByVideo()
  // The key of the answer the matches came with; stale matches of another search are not used.
  const key = `${code}?${listQuery(filters, null)}`
  const current = fetched?.key === key ? fetched : null
  const serverMatches = current?.matches ?? NO_MATCHES
  // The server's lines when it answered this search; when it cannot (offline, or it failed), the
  // downloaded videos' own tracks fill in, the server's lines of pages it did answer still first.
  const serverCannot = current ? current.failed : !online
  const offline = useOfflineTranscriptMatches(code, filters.q, serverCannot)
  const matches = useMemo(() => (serverCannot && offline.matches.size > 0 ? new Map([...offline.matches, ...serverMatches]) : serverMatches), [serverCannot, offline.matches, serverMatches])
  const forLevel = useLearnerLevel(code)
  // The list follows the filters and the device's catalogue a step behind, in a render React can
  // interrupt: a chip pressed or a page of videos arriving paints at once, and a long list (a
  // catalogue of 1,000 videos) then renders without holding the next tap (issue 32: INP < 200 ms).
  const listFilters = useDeferredValue(filters)
  // The answered pages show at once, before IndexedDB has opened and stored them (issue 32: the first
  // cards of a cold start wait for the network only).
  const answered = current?.videos
  const shown = useMemo(() => withAnswered(cached, answered), [cached, answered])
  const listCached = useDeferredValue(shown)
  // Each video's share of known words, worked out on the device as she marks words (issue 42).
  const words = useListShares(code, listCached)
  const videos = useMemo(() => filterVideos(listCached ?? [], listFilters, matches, forLevel, words.shares), [listCached, listFilters, matches, forLevel, words.shares])
  useMarkListPainted(videos.length > 0)
  const scored = useMemo(() => (shown ?? []).some((video) => typeof video.difficulty === 'number'), [shown])
  const myRatings = useMyRatings(cached ?? [])
  const entitled = useSessionValue((state) => Boolean(state.user?.is_premium || state.user?.premium || state.user?.is_admin))
  const guides = useMemo(() => guidesOf(shown ?? []), [shown])
  // A new server's demo, made video by video: its progress instead of "no videos", the list asked again as each is ready.
  const [demoReady, setDemoReady] = useState(0)
  const demo = useDemoProgress(code, online, () => setDemoReady((count) => count + 1))

  useSearchAfterPause(search, setFilters)

  // The first page for these filters, again when the connection returns.
  useEffect(() => {
    if (!online) return
    // Answered ahead for this first render: nothing to ask again until the filters or the connection change.
    if (answeredAhead.current) {
      answeredAhead.current = false
      return
    }
    let live = true
    fetchVideoPage(code, filters, null)
      .then(({ next, videos: page, matches: found }) => live && setFetched({ key, failed: false, next, videos: page, matches: found }))
      .catch((error: unknown) => {
        console.warn('Could not refresh videos', error)
        // The server does not know this language code: say so, not "showing what is saved".
        if (live) setFetched({ key, failed: true, next: null, videos: [], matches: NO_MATCHES, noSuchLanguage: error instanceof ApiError && error.status === 404 })
      })
    return () => {
      live = false
    }
  }, [code, filters, online, key, demoReady])

  const loading = (online && (current === null || loadingMore)) || offline.pending
  function more() {
    const cursor = current?.next
    if (!cursor) return
    setLoadingMore(true)
    fetchVideoPage(code, filters, cursor)
      .then(({ next, videos: page, matches: found }) => setFetched({ key, failed: false, next, videos: [...(answered ?? []), ...page], matches: new Map([...serverMatches, ...found]) }))
      .catch(() => setFetched({ key, failed: true, next: cursor, videos: answered ?? [], matches: serverMatches }))
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
    filters.captions !== '' ||
    !isFullRange(filters.difficulty ?? FULL_RANGE)
  const set = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => setFilters((previous) => ({ ...previous, [key]: value }))
  // The cards only change with what they show: a key typed in the search box renders the field, not
  // the list (the search itself follows a pause in typing).
  const query = listFilters.q.trim()
  const cards = useMemo(
    () =>
      videos.map((video, index) => {
        const share = shareView(shareOf(video, words.device))
        return (
          <VideoCard key={video.id} code={code} video={video} downloaded={downloaded.has(video.id)} download={downloadRecords ? (downloadRecords.get(video.id) ?? null) : undefined} online={online} match={query ? matches.get(video.id) : undefined} query={query} mine={myRatings.get(video.id)} first={index === 0} entitled={entitled} knownPercent={share?.percent} newWords={share?.newCount} />
        )
      }),
    [videos, code, downloaded, downloadRecords, online, query, matches, myRatings, entitled, words.device],
  )

  return (
    <PageFrame title={t('list.title')} wide>
      {current?.noSuchLanguage ? null : <VideoFilters language={code} filters={filters} set={set} search={search} onSearch={setSearch} guides={guides} scored={scored} shown={videos.length} />}

      <ListCompass code={code} videos={cached ?? []} myRatings={myRatings} downloaded={downloaded} online={online} searching={filters.q.trim() !== ''} showNext={filters.sort !== 'for_you'} />
      {!online ? (
        <p className="muted list-offline" role="status">
          {t('list.offline')}
        </p>
      ) : null}
      {current?.noSuchLanguage && online ? (
        <div className="notice" role="alert" data-testid="videos-no-language">
          <p>{t('list.noSuchLanguage', { code })}</p>
          <Link className="button" to="/languages">
            {t('list.chooseLanguage')}
          </Link>
        </div>
      ) : current?.failed && online ? (
        <p className="form-error" role="alert">
          {t('list.failed')}
        </p>
      ) : null}

      <ListNotice demo={narrowed ? null : demo} empty={listCached !== undefined && videos.length === 0 && !loading && !current?.noSuchLanguage} narrowed={narrowed} />
      <ul className="video-grid" data-testid="video-list" aria-busy={loading}>
        {[...cards.slice(0, 1), <PlacementOffer key="placement" code={code} videos={listCached} online={online} />, ...cards.slice(1)]}
      </ul>
      {/* Only under cards: shown before them (the answer lands before the device's list shows it), the cards would push it down. */}
      {current?.next && online && videos.length > 0 ? (
        <div className="list-more">
          <button type="button" className="button button-secondary" onClick={more} disabled={loading} data-testid="videos-more">
            {loadingMore ? t('list.loading') : t('list.more')}
          </button>
        </div>
      ) : null}
      {/* Under the list, not a slot of it: arriving late, it pushes no card down. */}
      {videos.length > 0 ? <InstallBanner /> : null}
    </PageFrame>
  )
}

/**
 * The press on a card: its detail (the stream's grant), the video page's code and hls.js all start
 * loading at once, rather than one after the other as the page renders (issue 31: press to first frame).
 */
function openingVideo(id: number, online: boolean) {
  if (online) prefetchVideoDetail(id)
  import('./VideoPage.tsx').catch(() => undefined)
  preloadHls()
}

/** One card; rendered again only when its own video, state or match changes. */
const VideoCard = memo(function VideoCard({
  code,
  video,
  downloaded,
  download,
  online,
  match,
  query,
  mine,
  first,
  entitled,
  knownPercent,
  newWords = 0,
}: {
  code: string
  video: VideoSummary
  /** The list's first card: its poster is the page's largest paint on a phone, asked for at once. */
  first: boolean
  downloaded: boolean
  /** Its download record (null: none; undefined while the device answers), from the page's one query. */
  download: DownloadRecord | null | undefined
  online: boolean
  /** The transcript line the search found, which opens the video at that moment. */
  match?: { start: number; text: string }
  /** The words searched for, marked in the line. */
  query?: string
  /** This learner's own rating, if any. */
  mine: number | undefined
  /** Premium or admin: watches premium and preview videos in full. */
  entitled: boolean
  /** The share of its words she knows, as a percent (none: no transcript she may read), and its new words. */
  knownPercent?: number
  newWords?: number
}) {
  const { t } = useTranslation('watch')
  const { t: tc } = useTranslation('captions')
  const guideNames = (video.guides ?? []).map((guide) => guide.display_name).filter(Boolean)
  const playable = online || downloaded
  // The badge and the Download button describe this learner's access, not the catalogue's level.
  const access = accessFor(video.access_level, entitled)
  const percent = Math.round(video.progress?.percent ?? 0)
  const finished = percent >= FINISHED_PERCENT
  const series = video.series ? (video.episode_number ? t('list.seriesEpisode', { series: video.series.name, episode: video.episode_number }) : video.series.name) : null
  const body = (
    <>
      <div className="video-thumb">
        {video.thumbnail_url ? <img src={video.thumbnail_url} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} /> : <span className="video-thumb-empty" aria-hidden="true" />}
        {access !== 'full' ? <span className={`video-thumb-badge access-${video.access_level}`}>{t(`access.${video.access_level}`)}</span> : null}
        {downloaded ? (
          <span className="video-thumb-saved" title={t('list.downloaded')} data-testid="video-downloaded">
            <CheckIcon />
            <span className="visually-hidden">{t('list.downloaded')}</span>
          </span>
        ) : null}
        <span className="video-duration">
          <span className="visually-hidden">{t('list.length')} </span>
          {formatDuration(video.duration_seconds)}
        </span>
        {percent > 0 ? (
          <span className="video-progress" aria-hidden="true">
            <span className="video-progress-fill" style={{ width: `${Math.min(100, percent)}%` }} />
          </span>
        ) : null}
      </div>
      <div className="video-card-body">
        <h2 className="video-card-title">{video.title}</h2>
        <p className="video-meta">
          <span className={`video-level level-${video.proficiency_level}`}>{t(`levels.${video.proficiency_level}`)}</span>
          {video.dialect ? <span data-testid="video-dialect">{tc(`dialects.${video.dialect}`)}</span> : null}
          {video.has_captions?.length ? (
            <span className="video-cc" data-testid="video-has-captions" aria-label={tc('list.captionsLabel', { languages: video.has_captions.map((language) => language.toUpperCase()).join(', ') })}>
              <span aria-hidden="true">CC {video.has_captions.map((language) => language.toUpperCase()).join(' ')}</span>
            </span>
          ) : null}
          {percent > 0 ? <span className={finished ? 'video-watched' : undefined}>{finished ? t('list.finished') : t('list.percent', { percent })}</span> : null}
        </p>
        {series || guideNames.length > 0 ? (
          <p className="video-sub muted small">
            {series ? <span>{series}</span> : null}
            {guideNames.length > 0 ? <span data-testid="video-guides">{tc('list.guidedBy', { names: guideNames.join(', ') })}</span> : null}
          </p>
        ) : null}
        {knownPercent !== undefined ? (
          <p className="video-words-line">
            <WordShare t={t} percent={knownPercent} newCount={newWords} />
          </p>
        ) : null}
        {typeof video.difficulty === 'number' || typeof mine === 'number' ? (
          <p className="video-tags">
            <CompassTags difficulty={video.difficulty} mine={mine} />
          </p>
        ) : null}
        {match ? (
          <p className="small video-match" data-testid="video-match">
            <q lang={video.language_code}>
              <Highlighted text={match.text} words={query ?? ''} />
            </q>{' '}
            <span className="video-match-time">{tc('list.saidAt', { time: formatCueTime(match.start) })}</span>
          </p>
        ) : null}
        {!playable ? <p className="small needs-connection">{t('list.needsConnection')}</p> : null}
      </div>
    </>
  )
  return (
    <li className={playable ? 'video-card' : 'video-card video-card-unavailable'} data-testid="video-card" data-video-id={video.id}>
      {playable ? (
        <Link className="video-card-link" to={`/languages/${code}/videos/${video.id}${match ? `?t=${Math.floor(match.start)}` : ''}`} onClick={() => openingVideo(video.id, online)}>
          {body}
        </Link>
      ) : (
        <div className="video-card-link" aria-disabled="true">
          {body}
        </div>
      )}
      {online && access === 'full' ? (
        <div className="video-card-download">
          <DownloadControlsOf videoId={video.id} live={download} compact />
        </div>
      ) : null}
    </li>
  )
})

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

/** Under the filters: a new server's demo being made (instead of "no videos"), or that nothing matches. */
function ListNotice({ demo, empty, narrowed }: { demo: { ready: number; total: number } | null; empty: boolean; narrowed: boolean }) {
  const { t } = useTranslation('watch')
  if (demo) {
    return (
      <p className="notice notice-info" role="status" data-testid="demo-progress">
        {t('list.demoMaking', { ready: demo.ready, total: demo.total })}
      </p>
    )
  }
  if (!empty) return null
  return (
    <p className="muted" data-testid="videos-empty">
      {t(narrowed ? 'list.empty' : 'list.emptyLanguage')}
    </p>
  )
}
