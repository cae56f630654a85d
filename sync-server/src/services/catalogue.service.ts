/**
 * The catalogue as a learner sees it: published videos of a language with their series and the
 * learner's own progress, and one video with what this learner may play (see watching/access.ts).
 * Playback URLs carry a grant for this user and this video; a preview grant makes the media server
 * cut the stream at PREVIEW_SECONDS.
 */
import { z } from 'zod'
import type { AccessLevel, CanWatch, Page, ProficiencyLevel, VideoDetail, VideoSummary } from '../../../contract/index.ts'
import { videoListQuerySchema } from '../../../contract/index.ts'
import { notFound } from '../errors.ts'
import type { MediaGrants } from '../media/grants.ts'
import { mediaFileUrl } from '../media/media-paths.ts'
import { parseWith } from '../middleware/validate.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import type { CatalogueRepository, CatalogueVideoRow } from '../repositories/catalogue.repository.ts'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import type { RatingsRepository } from '../repositories/ratings.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRepository, VideoProgressRow } from '../repositories/video-progress.repository.ts'
import { canWatch } from '../watching/access.ts'
import { percentCovered, type Span } from '../watching/played-spans.ts'

const cursorSchema = z.object({ r: z.number().int(), p: z.string().max(40), i: z.number().int() })

export type CatalogueService = ReturnType<typeof createCatalogueService>

export function createCatalogueService(deps: {
  catalogue: CatalogueRepository
  languages: LanguagesRepository
  videoProgress: VideoProgressRepository
  ratings: Pick<RatingsRepository, 'understoodOf'>
  grants: MediaGrants
  previewSeconds: number
}) {
  function progressOf(row: CatalogueVideoRow, progress: VideoProgressRow | undefined) {
    if (!progress) return null
    return {
      percent: percentCovered(JSON.parse(progress.spans) as Span[], row.duration_seconds),
      last_position_seconds: Math.round(progress.last_position_seconds),
    }
  }

  function toSummary(row: CatalogueVideoRow, progress: VideoProgressRow | undefined, myRating: number | null): VideoSummary {
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
      difficulty: row.difficulty,
      my_rating: myRating,
    }
  }

  async function summaries(user: UserRow, rows: CatalogueVideoRow[]): Promise<VideoSummary[]> {
    const ids = rows.map((row) => row.id)
    const progress = new Map((await deps.videoProgress.forVideos(user.id, ids)).map((p) => [p.video_id, p]))
    const ratings = new Map((await deps.ratings.understoodOf(user.id, ids)).map((r) => [r.video_id, r.understood]))
    return rows.map((row) => toSummary(row, progress.get(row.id), ratings.get(row.id) ?? null))
  }

  return {
    summaries,

    async list(user: UserRow, languageCode: string, rawQuery: unknown): Promise<Page<VideoSummary>> {
      if (!(await deps.languages.exists(languageCode))) throw notFound('No such language.')
      const query = parseWith(videoListQuerySchema, rawQuery) as z.output<typeof videoListQuerySchema>
      const after = decodeCursor(cursorSchema, query.cursor)
      const rows = await deps.catalogue.list({
        languageCode,
        userId: user.id,
        level: query.level,
        access: query.access,
        seriesId: query.series,
        query: query.q,
        hideFinished: query.hide_finished,
        sort: query.sort,
        difficultyMin: query.difficulty_min,
        difficultyMax: query.difficulty_max,
        // The cursor's r is the rank of the sort in use: level, or difficulty.
        after: after && { levelRank: after.r, difficultyRank: after.r, publishedAt: after.p, id: after.i },
        limit: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (row) => ({ r: query.sort === 'difficulty' ? row.difficulty_rank : row.level_rank, p: row.published_at, i: row.id }))
      return { data: await summaries(user, page.data), next_cursor: page.next_cursor }
    },

    /** `tokenHash`: the viewer's session, which the playback grant is bound to. */
    async detail(user: UserRow, videoId: number, tokenHash: string): Promise<VideoDetail> {
      const row = await deps.catalogue.findPublished(videoId)
      if (!row) throw notFound('No such video.')
      const access: CanWatch = canWatch(row, user)
      const previewSeconds = access === 'preview' ? deps.previewSeconds : null
      const playback =
        access !== 'none' && row.media_key
          ? { ...deps.grants.playback({ userId: user.id, tokenHash, mediaKey: row.media_key, previewSeconds }), preview_seconds: previewSeconds }
          : null
      return {
        ...toSummary(row, await deps.videoProgress.get(user.id, row.id), (await deps.ratings.understoodOf(user.id, [row.id]))[0]?.understood ?? null),
        can_watch: access,
        playback,
        youtube_id: row.youtube_id,
        creators: row.submission_id === null ? [] : await deps.catalogue.creatorsOf(row.submission_id),
      }
    },
  }
}


