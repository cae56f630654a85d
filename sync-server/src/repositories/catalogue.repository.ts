import type { Db } from '../db/connection.ts'
import { containsPattern } from './like-pattern.ts'
import { statementCache } from './statement-cache.ts'

/** What the watching rules need to know about a video. */
export interface WatchableVideoRow {
  id: number
  language_code: string
  access_level: string
  duration_seconds: number
  published_at: string | null
}

/** A catalogue video with its series, as lists and the video page show it. */
export interface CatalogueVideoRow extends WatchableVideoRow {
  title: string
  description: string
  proficiency_level: string
  media_key: string | null
  thumbnail_file: string | null
  youtube_id: string | null
  series_id: number | null
  series_name: string | null
  episode_number: number | null
  submission_id: number | null
}

export interface VideoListFilter {
  languageCode: string
  userId: number
  level?: string
  access?: string
  seriesId?: number
  query?: string
  hideFinished?: boolean
  sort: 'newest' | 'level'
  /** Keyset position after which the page starts (from the previous page's last row). */
  after?: { levelRank: number; publishedAt: string; id: number }
  limit: number
}

const LEVEL_RANK = `CASE v.proficiency_level WHEN 'introductory' THEN 0 WHEN 'beginner' THEN 1 WHEN 'intermediate' THEN 2 ELSE 3 END`
const VIDEO_COLUMNS = `v.id, v.language_code, v.access_level, v.duration_seconds, v.published_at, v.title, v.description,
  v.proficiency_level, v.media_key, v.thumbnail_file, v.youtube_id, v.series_id, s.name AS series_name, v.episode_number,
  v.submission_id, ${LEVEL_RANK} AS level_rank`

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>

export function createCatalogueRepository(db: Db) {
  const forWatching = db.prepare<[number], WatchableVideoRow>(
    'SELECT id, language_code, access_level, duration_seconds, published_at FROM videos WHERE id = ?',
  )
  const published = db.prepare<[number], CatalogueVideoRow & { level_rank: number }>(
    `SELECT ${VIDEO_COLUMNS} FROM videos v LEFT JOIN series s ON s.id = v.series_id WHERE v.id = ? AND v.published_at IS NOT NULL`,
  )
  const creators = db.prepare<[number], { display_name: string | null }>(
    `SELECT u.display_name FROM submission_creators c LEFT JOIN users u ON u.email = c.email
      WHERE c.submission_id = ? ORDER BY c.email`,
  )
  const byIds = db.prepare<[string], CatalogueVideoRow & { level_rank: number }>(
    `SELECT ${VIDEO_COLUMNS} FROM videos v LEFT JOIN series s ON s.id = v.series_id
      WHERE v.id IN (SELECT value FROM json_each(?)) AND v.published_at IS NOT NULL`,
  )
  const prepared = statementCache(db)

  return {
    findForWatching: (id: number) => forWatching.get(id),
    findPublished: (id: number) => published.get(id),
    creatorsOf: (submissionId: number) => creators.all(submissionId),
    /** Published videos by id, in the order asked for. */
    findPublishedByIds(ids: readonly number[]) {
      const rows = new Map(byIds.all(JSON.stringify(ids)).map((row) => [row.id, row]))
      return ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []))
    },

    /** One page of a language's published videos. */
    list(filter: VideoListFilter): Array<CatalogueVideoRow & { level_rank: number }> {
      const where = ['v.language_code = @languageCode', 'v.published_at IS NOT NULL']
      const params: Record<string, string | number> = { languageCode: filter.languageCode, limit: filter.limit }
      if (filter.level) {
        where.push('v.proficiency_level = @level')
        params.level = filter.level
      }
      if (filter.access) {
        where.push('v.access_level = @access')
        params.access = filter.access
      }
      if (filter.seriesId) {
        where.push('v.series_id = @seriesId')
        params.seriesId = filter.seriesId
      }
      if (filter.query) {
        where.push("v.title LIKE @query ESCAPE '\\'")
        params.query = containsPattern(filter.query)
      }
      if (filter.hideFinished) {
        where.push(`NOT EXISTS (SELECT 1 FROM video_progress p WHERE p.user_id = @userId AND p.video_id = v.id
          AND v.duration_seconds > 0 AND p.covered_seconds >= 0.9 * v.duration_seconds)`)
        params.userId = filter.userId
      }
      if (filter.after) {
        where.push(
          filter.sort === 'level'
            ? `(${LEVEL_RANK} > @afterRank OR (${LEVEL_RANK} = @afterRank AND (v.published_at < @afterPublished OR (v.published_at = @afterPublished AND v.id < @afterId))))`
            : '(v.published_at < @afterPublished OR (v.published_at = @afterPublished AND v.id < @afterId))',
        )
        if (filter.sort === 'level') params.afterRank = filter.after.levelRank
        params.afterPublished = filter.after.publishedAt
        params.afterId = filter.after.id
      }
      const order = filter.sort === 'level' ? `${LEVEL_RANK}, v.published_at DESC, v.id DESC` : 'v.published_at DESC, v.id DESC'
      const sql = `SELECT ${VIDEO_COLUMNS} FROM videos v LEFT JOIN series s ON s.id = v.series_id
        WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit`
      return prepared(sql).all(params) as Array<CatalogueVideoRow & { level_rank: number }>
    },
  }
}
