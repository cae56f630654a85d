import type { Db } from '../db/connection.ts'
import { statementCache } from './statement-cache.ts'
import { containsPattern, ftsPhrase, usesTrigrams } from './text-search.ts'

export interface AdminVideoRow {
  id: number
  title: string
  youtube_id: string | null
  access_level: string
  media_key: string | null
  thumbnail_file: string | null
  youtube_thumbnail_file: string | null
  language_code: string
  published_at: string | null
  created_at: string
}

export type AdminVideosRepository = ReturnType<typeof createAdminVideosRepository>

const COLUMNS = 'id, title, youtube_id, access_level, media_key, thumbnail_file, youtube_thumbnail_file, language_code, published_at, created_at'

export function createAdminVideosRepository(db: Db) {
  const prepared = statementCache(db)
  const byId = db.prepare<[number], AdminVideoRow>(`SELECT ${COLUMNS} FROM videos WHERE id = ?`)
  const setAccess = db.prepare<[string, number]>('UPDATE videos SET access_level = ? WHERE id = ?')
  const setThumbnails = db.prepare<[string | null, string | null, number]>(
    'UPDATE videos SET thumbnail_file = COALESCE(?, thumbnail_file), youtube_thumbnail_file = COALESCE(?, youtube_thumbnail_file) WHERE id = ?',
  )
  return {
    /** Newest first; `q` matches the title or the YouTube id. */
    list(filter: { q?: string; access?: string; after?: { created: string; id: number }; limit: number }): AdminVideoRow[] {
      const where: string[] = []
      const params: Record<string, string | number> = { limit: filter.limit }
      if (filter.q && usesTrigrams(filter.q)) {
        where.push('id IN (SELECT rowid FROM videos_search WHERE videos_search MATCH @match)')
        params.match = ftsPhrase(filter.q)
      } else if (filter.q) {
        where.push("(title LIKE @like ESCAPE '\\' OR youtube_id = @q)")
        params.like = containsPattern(filter.q)
        params.q = filter.q
      }
      if (filter.access) {
        where.push('access_level = @access')
        params.access = filter.access
      }
      if (filter.after) {
        where.push('(created_at < @afterCreated OR (created_at = @afterCreated AND id < @afterId))')
        params.afterCreated = filter.after.created
        params.afterId = filter.after.id
      }
      const sql = `SELECT ${COLUMNS} FROM videos ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT @limit`
      return prepared(sql).all(params) as AdminVideoRow[]
    },
    findById: (id: number) => byId.get(id),
    setAccessLevel: (id: number, access: string) => void setAccess.run(access, id),
    setThumbnails: (id: number, thumbnail: string | null, youtubeThumbnail: string | null) =>
      void setThumbnails.run(thumbnail, youtubeThumbnail, id),
  }
}
