/**
 * The catalogue as a learner sees it: published videos of a language with their series and the
 * learner's own progress, and one video with what this learner may play (see rules/access.ts).
 * Playback URLs carry a grant for this user and this video; a preview grant makes the media server
 * cut the stream at PREVIEW_SECONDS.
 */
import { z } from 'zod'
import type { AccessLevel, CanWatch, CaptionLanguage, Page, ProficiencyLevel, TranscriptMatch, VideoDetail, VideoSummary, VideoWordsSummary } from '../../../contract/index.ts'
import { rankComprehensible } from '../../../contract/index.ts'
import type { videoListQuerySchema } from '../../../contract/index.ts'
import { PROFICIENCY_LEVELS } from '../../../contract/limits.ts'
import { levelForInputSeconds } from '../../../contract/roadmap.ts'
import { notFound } from '../errors.ts'
import { playlistUrl, type MediaGrants } from '../media/grants.ts'
import { audioBytesEstimate, type AudioRendition } from '../media/audio-rendition.ts'
import { mediaFileUrl } from '../storage/media-paths.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import type { CaptionsRepository } from '../repositories/captions.repository.ts'
import type { CatalogueRepository, CatalogueVideoRow } from '../repositories/catalogue.repository.ts'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import type { RatingsRepository } from '../repositories/ratings.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRepository, VideoProgressRow } from '../repositories/video-progress.repository.ts'
import { canWatch, transcriptReach } from '../rules/access.ts'
import { captionLinks } from './captions.service.ts'
import { percentCovered, type Span } from '../rules/played-spans.ts'
import type { TrackWordsService } from './track-words.service.ts'
import type { KeptSumColumns } from '../repositories/track-words.repository.ts'

const cursorSchema = z.object({ r: z.number().int(), p: z.string().max(40), i: z.number().int() })

/** The most videos sort=comprehensible orders (it ranks the learner's share of every one in memory). */
const COMPREHENSIBLE_MAX_VIDEOS = 5000
const NO_WORDS: VideoWordsSummary = { total: 0, distinct: 0, known_share: null, new_distinct: 0 }

export type CatalogueService = ReturnType<typeof createCatalogueService>

/** How far the learner got in a video: the share covered and where they stopped; null before any play. */
function progressOf(row: CatalogueVideoRow, progress: VideoProgressRow | undefined) {
  if (!progress) return null
  return {
    percent: percentCovered(JSON.parse(progress.spans) as Span[], row.duration_seconds),
    last_position_seconds: Math.round(progress.last_position_seconds),
  }
}

interface Extras {
  captions: CaptionLanguage[]
  guides: VideoSummary['guides']
}

/** One video as the list shows it to this learner. */
function toSummary(row: CatalogueVideoRow, progress: VideoProgressRow | undefined, extras: Extras, myRating: number | null, words: VideoWordsSummary = NO_WORDS): VideoSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    language_code: row.language_code,
    proficiency_level: row.proficiency_level as ProficiencyLevel,
    access_level: row.access_level as AccessLevel,
    duration_seconds: Math.round(row.duration_seconds),
    thumbnail_url: row.media_key ? mediaFileUrl(row.media_key, row.thumbnail_file ?? 'poster.jpg') : null,
    series: row.series_id !== null && row.series_name !== null ? { id: row.series_id, name: row.series_name } : null,
    episode_number: row.episode_number,
    published_at: row.published_at!,
    progress: progressOf(row, progress),
    dialect: row.dialect,
    has_captions: extras.captions,
    guides: extras.guides,
    difficulty: row.difficulty,
    my_rating: myRating,
    words,
  }
}

export function createCatalogueService(deps: {
  catalogue: CatalogueRepository
  captions: CaptionsRepository
  languages: LanguagesRepository
  videoProgress: VideoProgressRepository
  ratings: Pick<RatingsRepository, 'understoodOf'>
  grants: MediaGrants
  previewSeconds: number
  /** The ladder's audio-only rendition, by media key (media/audio-rendition.ts); none when absent. */
  audioRendition?: (mediaKey: string) => Promise<AudioRendition | null>
  /** The learner's input in a language (watched here plus logged outside), for sort=for_you. */
  inputSecondsOf?: (userId: number, languageCode: string) => Promise<number>
  /** VideoSummary.words (issue 42); none when left out. */
  words?: Pick<TrackWordsService, 'summaries' | 'summariesOfKept'>
}) {
  const wordsOf = async (user: UserRow, rows: readonly CatalogueVideoRow[]) => (deps.words ? deps.words.summaries(user, rows) : new Map<number, VideoWordsSummary>())
  /** The same for the list's rows, which carry their kept sums (rowsOf asks for them): no query. */
  const keptWordsOf = (user: UserRow, rows: ReadonlyArray<CatalogueVideoRow & Partial<KeptSumColumns>>) =>
    deps.words ? deps.words.summariesOfKept(user, rows) : new Map<number, VideoWordsSummary>()

  /** The caption languages and guides of these videos, by video id (a few queries for a whole page). */
  async function extrasOf(rows: readonly CatalogueVideoRow[]): Promise<Map<number, Extras>> {
    const submissionIds = rows.flatMap((row) => (row.submission_id === null ? [] : [row.submission_id]))
    const [tracks, guides] = await Promise.all([deps.captions.tracksOf(submissionIds), deps.catalogue.guidesOf(submissionIds)])
    const extras = new Map<number, Extras>()
    for (const row of rows) {
      extras.set(row.id, {
        captions: tracks.filter((track) => track.submission_id === row.submission_id).map((track) => track.language),
        guides: guides.filter((guide) => guide.submission_id === row.submission_id).map(({ id, display_name }) => ({ id, display_name })),
      })
    }
    return extras
  }

  /** `known`: the rows' words when the caller has them already (the list's rows carry their sums). */
  async function summaries(user: UserRow, rows: CatalogueVideoRow[], known?: Map<number, VideoWordsSummary>): Promise<VideoSummary[]> {
    const ids = rows.map((row) => row.id)
    const [progressRows, extras, ratingRows, words] = await Promise.all([
      deps.videoProgress.forVideos(user.id, ids),
      extrasOf(rows),
      deps.ratings.understoodOf(user.id, ids),
      known ?? wordsOf(user, rows),
    ])
    const progress = new Map(progressRows.map((p) => [p.video_id, p]))
    const ratings = new Map(ratingRows.map((r) => [r.video_id, r.understood]))
    return rows.map((row) => toSummary(row, progress.get(row.id), extras.get(row.id)!, ratings.get(row.id) ?? null, words.get(row.id)))
  }

  /**
   * For a search: the first line of each video's transcript that holds the text and that this user
   * may read (every line when they may watch it all, the preview's lines for a preview, none of a
   * video they may not watch). Videos found by their title alone get none.
   */
  async function matchesOf(user: UserRow, rows: readonly CatalogueVideoRow[], text: string): Promise<Map<number, TranscriptMatch>> {
    const readable = new Map<number, number>() // submission id → readable until (seconds)
    for (const row of rows) {
      if (row.submission_id === null) continue
      const access = canWatch(row, user)
      if (access !== 'none') readable.set(row.submission_id, access === 'preview' ? deps.previewSeconds : Number.POSITIVE_INFINITY)
    }
    const found = new Map<number, TranscriptMatch>()
    for (const cue of await deps.captions.firstMatches([...readable.keys()], text)) {
      if (!found.has(cue.submission_id) && cue.start < readable.get(cue.submission_id)!) found.set(cue.submission_id, { start: cue.start, text: cue.text })
    }
    return new Map(rows.flatMap((row) => (row.submission_id !== null && found.has(row.submission_id) ? [[row.id, found.get(row.submission_id)!]] : [])))
  }

  type ListQuery = z.output<typeof videoListQuerySchema>
  type ListParams = Parameters<CatalogueRepository['list']>[0]

  /** The filtered rows of a list, in the order and page the caller asks (both sorts below share it). */
  function rowsOf(user: UserRow, languageCode: string, query: ListQuery, order: Pick<ListParams, 'sort' | 'forLevelRank' | 'after' | 'limit'>) {
    return deps.catalogue.list({
      languageCode,
      userId: user.id,
      level: query.level,
      access: query.access,
      seriesId: query.series,
      dialect: query.dialect,
      guideId: query.guide,
      captions: query.captions,
      query: query.q,
      transcriptReach: query.q ? transcriptReach(user, deps.previewSeconds) : undefined,
      hideFinished: query.hide_finished,
      difficultyMin: query.difficulty_min,
      difficultyMax: query.difficulty_max,
      withKeptSums: deps.words !== undefined,
      ...order,
    })
  }

  /** A page's summaries, with each video's matching transcript line when the list is a search. */
  async function pageAnswer(user: UserRow, query: ListQuery, page: { data: Array<CatalogueVideoRow & Partial<KeptSumColumns>>; next_cursor: string | null }): Promise<Page<VideoSummary>> {
    const data = await summaries(user, page.data, keptWordsOf(user, page.data))
    if (query.q) {
      const matches = await matchesOf(user, page.data, query.q)
      for (const video of data) video.match = matches.get(video.id) ?? null
    }
    return { data, next_cursor: page.next_cursor }
  }

  /**
   * sort=comprehensible: the learner's share is per learner, so the filtered list (newest first, up to
   * COMPREHENSIBLE_MAX_VIDEOS) is ranked in memory (contract/comprehensible.ts, the PWA's rule too) and
   * paged by position (the cursor's `r`).
   */
  async function comprehensible(user: UserRow, languageCode: string, query: ListQuery, offset: number): Promise<Page<VideoSummary>> {
    const rows = await rowsOf(user, languageCode, query, { sort: 'newest', limit: COMPREHENSIBLE_MAX_VIDEOS })
    const words = keptWordsOf(user, rows)
    const ranked = rankComprehensible(rows, (row) => words.get(row.id)?.known_share ?? null)
    const slice = ranked.slice(offset, offset + query.limit + 1)
    return pageAnswer(user, query, pageOf(slice, query.limit, () => ({ r: offset + query.limit, p: '', i: 0 })))
  }

  return {
    summaries,

    /** `queryOf` parses the query (the route's schema) once the language is known to exist. */
    async list(user: UserRow, languageCode: string, queryOf: () => z.output<typeof videoListQuerySchema>): Promise<Page<VideoSummary>> {
      if (!(await deps.languages.exists(languageCode))) throw notFound('No such language.')
      const query = queryOf()
      const after = decodeCursor(cursorSchema, query.cursor)
      if (query.sort === 'comprehensible') return comprehensible(user, languageCode, query, after?.r ?? 0)
      const forYou = query.sort === 'for_you'
      const forLevel = forYou ? levelForInputSeconds((await deps.inputSecondsOf?.(user.id, languageCode)) ?? 0) : null
      const rows = await rowsOf(user, languageCode, query, {
        sort: query.sort as Exclude<typeof query.sort, 'comprehensible'>,
        forLevelRank: forLevel === null ? undefined : PROFICIENCY_LEVELS.indexOf(forLevel),
        // The cursor's r is the rank of the sort in use: level, difficulty or for_you.
        after: after && { levelRank: after.r, difficultyRank: after.r, forYouRank: after.r, publishedAt: after.p, id: after.i },
        limit: query.limit + 1,
      })
      return pageAnswer(
        user,
        query,
        pageOf(rows, query.limit, (row) => ({ r: query.sort === 'difficulty' ? row.difficulty_rank : forYou ? (row.for_you_rank ?? 0) : row.level_rank, p: row.published_at, i: row.id })),
      )
    },

    /** `tokenHash`: the viewer's session, which the playback grant is bound to. */
    async detail(user: UserRow, videoId: number, tokenHash: string): Promise<VideoDetail> {
      const row = await deps.catalogue.findPublished(videoId)
      if (!row) throw notFound('No such video.')
      const access: CanWatch = canWatch(row, user)
      const previewSeconds = access === 'preview' ? deps.previewSeconds : null
      const extras = (await extrasOf([row])).get(row.id)!
      let playback: VideoDetail['playback'] = null
      const audio = row.media_key && deps.audioRendition ? await deps.audioRendition(row.media_key) : null
      if (access !== 'none' && row.media_key) {
        // One grant for the stream, its audio-only rendition and its caption tracks, so a download holds all under it.
        const { grant, expiresAt } = deps.grants.issue({ userId: user.id, tokenHash, mediaKey: row.media_key, previewSeconds })
        const master = playlistUrl(grant)
        playback = {
          hls_url: master,
          // Beside the master, under the same grant (its query): /media/v/<key>/a48k/index.m3u8?grant=…
          audio_hls_url: audio ? master.replace(/master\.m3u8\?/, `${audio.uri}?`) : null,
          expires_at: expiresAt.toISOString(),
          preview_seconds: previewSeconds,
          captions: captionLinks(row.id, extras.captions, grant),
        }
      }
      return {
        ...toSummary(
          row,
          await deps.videoProgress.get(user.id, row.id),
          extras,
          (await deps.ratings.understoodOf(user.id, [row.id]))[0]?.understood ?? null,
          (await wordsOf(user, [row])).get(row.id),
        ),
        can_watch: access,
        playback,
        audio_only: audio ? { bytes_estimate: audioBytesEstimate(audio, row.duration_seconds) } : null,
        youtube_id: row.youtube_id,
        creators: row.submission_id === null ? [] : await deps.catalogue.creatorsOf(row.submission_id),
      }
    },
  }
}


