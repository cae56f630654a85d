/**
 * The catalogue of one language, kept in db.videos. The page always shows what Dexie holds (filtered
 * here the same way the server filters), so it works offline; the network only refreshes the cache,
 * page by page, when it answers. Dialect, guide and "has captions" are filtered from each video's own
 * fields, so they work offline too. A search matches titles blind to case and accents, as the server
 * does (`search-fold.ts`), and also finds words in transcripts: the server searches every video's and
 * answers the matching line (`match`), kept with the search, not in the cache; when it cannot answer
 * (offline, or the list failed), the downloaded videos' stored tracks are searched on the device
 * instead (`offline-transcript-matches.ts`), so their lines are found offline too.
 */
import { useMemo } from 'react'
import { useLiveData } from '../use-live-data.ts'
import { PROFICIENCY_LEVELS } from '../../../../contract/limits.ts'
import type { AccessLevel, ProficiencyLevel, VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import type { CaptionLanguage, Dialect } from '../../../../contract/schemas/captions.ts'
import { keepVideoWords } from '../words/video-words.ts'
import { call } from '../api-call.ts'
import { whenIdle } from '../runtime/when-idle.ts'
import { whenListPainted } from '../runtime/list-painted.ts'
import { db, type CachedVideo } from '../db.ts'

export type { CachedVideo }
import { foldForSearch } from './search-fold.ts'
import { byDifficulty, FULL_RANGE, inDifficultyRange, isFullRange, type DifficultyRange } from '../compass/difficulty.ts'
import { rankComprehensible } from '../../../../contract/comprehensible.ts'

/** The server marks a video finished at 90% covered. */
export const FINISHED_PERCENT = 90
export const PAGE_SIZE = 24

export interface CatalogueFilters {
  level: ProficiencyLevel | ''
  access: AccessLevel | ''
  q: string
  /** for_you (the default): the learner's level first, then unfinished, then easiest (server's sort=for_you). */
  sort: 'for_you' | 'newest' | 'level' | 'difficulty' | 'comprehensible'
  hideFinished: boolean
  dialect: Dialect | ''
  /** A guide's (creator's) id, or '' for all. */
  guide: string
  /** Only videos with captions in this language, or '' for any. */
  captions: CaptionLanguage | ''
  /** The learners' difficulty, 1..100 (data/compass/difficulty.ts); absent: any. */
  difficulty?: DifficultyRange
}

export const NO_FILTERS: CatalogueFilters = { level: '', access: '', q: '', sort: 'for_you', hideFinished: false, dialect: '', guide: '', captions: '', difficulty: FULL_RANGE }

/** A transcript line the search found, by video id. */
export type TranscriptMatches = ReadonlyMap<number, { start: number; text: string }>

export function listQuery(filters: CatalogueFilters, cursor: string | null): string {
  const params = new URLSearchParams({ sort: filters.sort, limit: String(PAGE_SIZE) })
  if (filters.level) params.set('level', filters.level)
  if (filters.access) params.set('access', filters.access)
  if (filters.q.trim()) params.set('q', filters.q.trim())
  if (filters.hideFinished) params.set('hide_finished', '1')
  if (filters.dialect) params.set('dialect', filters.dialect)
  if (filters.guide) params.set('guide', filters.guide)
  if (filters.captions) params.set('captions', filters.captions)
  if (filters.difficulty && !isFullRange(filters.difficulty)) {
    params.set('difficulty_min', String(filters.difficulty.min))
    params.set('difficulty_max', String(filters.difficulty.max))
  }
  if (cursor) params.set('cursor', cursor)
  return params.toString()
}

/**
 * Fetches one page: answers the cursor of the next page (null at the end), the page's videos, and the
 * transcript lines the search matched (not cached: they belong to this search only). The videos are
 * answered at once and stored in the device's copy meanwhile (`stored`, which never rejects: a failed
 * write only costs the offline copy), so a page shows them without waiting for IndexedDB (issue 32).
 */
export async function fetchVideoPage(
  code: string,
  filters: CatalogueFilters,
  cursor: string | null,
  { writeWhenIdle = false }: { writeWhenIdle?: boolean } = {},
): Promise<{ next: string | null; videos: CachedVideo[]; matches: TranscriptMatches; stored: Promise<void> }> {
  const page = await call('videos.list', undefined, { params: { code }, query: Object.fromEntries(new URLSearchParams(listQuery(filters, cursor))) })
  const cachedAt = Date.now()
  const matches = new Map<number, { start: number; text: string }>()
  const videos = page.data.map(({ match, ...video }) => {
    if (match) matches.set(video.id, match)
    return { ...video, cachedAt }
  })
  // At the start the write waits for the first render (issue 48): its reads and writes, and the lists
  // reading the copy again after it, held a slow phone's main thread while the page was painting.
  const stored = (writeWhenIdle ? whenIdle().then(() => keepChanged(videos)) : keepChanged(videos)).catch((error: unknown) => console.warn('Could not keep the videos on this device', error))
  // Each video's word counts, so its share of known words is worked out on the device (issue 42). At
  // the start, after the list's first cards have painted: the server's shares show until then.
  void stored.then(() => (writeWhenIdle ? whenListPainted() : undefined)).then(() => keepVideoWords(videos))
  return { next: page.next_cursor, videos, matches, stored }
}

/**
 * Writes the videos the device's copy does not already hold as they are. Any write to the copy makes
 * every list reading it read the whole language again (a catalogue of 1,000 videos: a megabyte out of
 * IndexedDB on a phone's main thread) and work out its cards anew, and each filter or search answers
 * with videos the copy mostly holds already.
 */
async function keepChanged(videos: CachedVideo[]): Promise<void> {
  const kept = await db.videos.bulkGet(videos.map((video) => video.id))
  const changed = videos.filter((video, index) => !sameVideo(kept[index], video))
  if (changed.length > 0) await db.videos.bulkPut(changed)
}

/** The same video as last seen: every field but when it was seen (stored copies keep the answer's field order). */
function sameVideo(kept: CachedVideo | undefined, answered: CachedVideo): boolean {
  if (!kept) return false
  const { cachedAt: _keptAt, ...was } = kept
  const { cachedAt: _answeredAt, ...now } = answered
  return JSON.stringify(was) === JSON.stringify(now)
}

type AnsweredPage = Awaited<ReturnType<typeof fetchVideoPage>>

/** Past this a first page asked for ahead is not shown as the list's answer. */
const PAGE_AHEAD_FRESH_MS = 10_000
let pageAhead: { code: string; at: number; page?: AnsweredPage } | null = null

/**
 * Asks for a language's unfiltered first page before the app's first render (app/first-paint.ts), so
 * that render shows the cards instead of rendering again when the page's own call answers (issue 32).
 */
export function fetchFirstPageAhead(code: string): Promise<void> {
  const entry: { code: string; at: number; page?: AnsweredPage } = { code, at: Date.now() }
  pageAhead = entry
  return fetchVideoPage(code, NO_FILTERS, null, { writeWhenIdle: true }).then(
    (page) => {
      entry.page = page
    },
    () => {
      if (pageAhead === entry) pageAhead = null
    },
  )
}

/** The unfiltered first page of this language asked for ahead, when it has arrived and is recent. */
export function firstPageAhead(code: string): AnsweredPage | undefined {
  if (!pageAhead?.page || pageAhead.code !== code || Date.now() - pageAhead.at > PAGE_AHEAD_FRESH_MS) return undefined
  return pageAhead.page
}

/**
 * The device's copy with the pages the network answered since (newer, so they win), for the list to show
 * before the copy has them. While the copy has not answered yet, the pages alone.
 */
export function withAnswered(cached: readonly CachedVideo[] | undefined, answered: readonly CachedVideo[] | undefined): readonly CachedVideo[] | undefined {
  if (!answered || answered.length === 0) return cached
  if (!cached) return answered
  const byId = new Map(cached.map((video) => [video.id, video]))
  for (const video of answered) byId.set(video.id, video)
  return [...byId.values()]
}

/** The guides (creators featured) of the cached videos, for the guide filter, in the order first met. */
export function guidesOf(videos: readonly VideoSummary[]): Array<{ id: number; name: string }> {
  const byId = new Map<number, string>()
  for (const video of videos) for (const guide of video.guides ?? []) if (guide.display_name) byId.set(guide.id, guide.display_name)
  return [...byId].map(([id, name]) => ({ id, name }))
}

/**
 * Guides by name as the UI language orders them, for the filter sheet's list. Sorted there, when the
 * sheet opens, not with the page: the first collation loads the language's collator, tens of
 * milliseconds at a phone's start.
 */
export function byName<T extends { name: string }>(items: readonly T[], language: string): T[] {
  const collator = new Intl.Collator(language)
  return [...items].sort((a, b) => collator.compare(a.name, b.name))
}

/**
 * The server's sort=for_you rank (catalogue.repository.ts): the learner's level, then the nearest
 * levels (the easier first at the same distance), unfinished before finished, easiest first.
 */
export function forYouRank(video: VideoSummary, forLevel: ProficiencyLevel): number {
  const level = PROFICIENCY_LEVELS.indexOf(video.proficiency_level)
  const mine = PROFICIENCY_LEVELS.indexOf(forLevel)
  const levelKey = level >= mine ? (level - mine) * 2 : (mine - level) * 2 - 1
  const finished = (video.progress?.percent ?? 0) >= FINISHED_PERCENT ? 1 : 0
  return levelKey * 1000 + finished * 200 + (typeof video.difficulty === 'number' ? video.difficulty : 101)
}

/**
 * The same filters and order as the server, applied to the cached videos (`matches`: found in
 * transcripts, by the server or on the device). `forLevel`: the learner's level, for sort=for_you;
 * `shares`: each video's known share (the device's, else the server's), for sort=comprehensible.
 */
export function filterVideos(
  videos: readonly VideoSummary[],
  filters: CatalogueFilters,
  matches: TranscriptMatches = new Map(),
  forLevel: ProficiencyLevel = 'introductory',
  shares?: ReadonlyMap<number, number | null>,
): VideoSummary[] {
  const q = foldForSearch(filters.q.trim())
  // ISO times in UTC order as plain strings; localeCompare would load a collator at the page's start for nothing.
  const byNewest = (a: VideoSummary, b: VideoSummary) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : b.id - a.id)
  const ranks = filters.sort === 'for_you' ? new Map(videos.map((video) => [video.id, forYouRank(video, forLevel)])) : null
  const filtered = videos
    .filter((video) => !filters.level || video.proficiency_level === filters.level)
    .filter((video) => !filters.access || video.access_level === filters.access)
    .filter((video) => !q || foldForSearch(video.title).includes(q) || matches.has(video.id))
    .filter((video) => !filters.dialect || video.dialect === filters.dialect)
    .filter((video) => !filters.guide || (video.guides ?? []).some((guide) => String(guide.id) === filters.guide))
    .filter((video) => !filters.captions || (video.has_captions ?? []).includes(filters.captions))
    .filter((video) => !filters.hideFinished || (video.progress?.percent ?? 0) < FINISHED_PERCENT)
    .filter((video) => inDifficultyRange(video, filters.difficulty ?? FULL_RANGE))
    .sort(
      ranks
        ? (a, b) => ranks.get(a.id)! - ranks.get(b.id)! || byNewest(a, b)
        : filters.sort === 'difficulty'
        ? byDifficulty(byNewest)
        : (a, b) =>
            filters.sort === 'level'
              ? PROFICIENCY_LEVELS.indexOf(a.proficiency_level) - PROFICIENCY_LEVELS.indexOf(b.proficiency_level) || byNewest(a, b)
              : byNewest(a, b),
    )
  // Best for you now: the server's rule (contract/comprehensible.ts) over the shares this device knows, newest first among equals.
  return filters.sort === 'comprehensible' ? rankComprehensible(filtered, (video) => shares?.get(video.id) ?? video.words?.known_share ?? null) : filtered
}

/** Cached videos of the language (undefined while Dexie answers). */
export function useCachedVideos(code: string): CachedVideo[] | undefined {
  return useLiveData(() => db.videos.where('language_code').equals(code).toArray(), [code])
}

/** Ids of the videos downloaded in full, which play without a connection. */
export function useDownloadedIds(): Set<number> {
  const ids = useLiveData(() => db.downloads.where('status').equals('complete').primaryKeys(), [])
  // The same Set until the downloads change, so lists that depend on it render only then.
  return useMemo(() => new Set(ids ?? []), [ids])
}
