import type { Db } from '../db/connection.ts'
import { containsPattern } from './like-pattern.ts'

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
  const list = db.prepare<
    { q: string | null; access: string | null; afterCreated: string | null; afterId: number | null; limit: number },
    AdminVideoRow
  >(
    `SELECT ${COLUMNS} FROM videos
      WHERE (@q IS NULL OR title LIKE @q ESCAPE '\\' OR youtube_id = @qExact)
        AND (@access IS NULL OR access_level = @access)
        AND (@afterCreated IS NULL OR created_at < @afterCreated OR (created_at = @afterCreated AND id < @afterId))
      ORDER BY created_at DESC, id DESC LIMIT @limit`,
  )
  const byId = db.prepare<[number], AdminVideoRow>(`SELECT ${COLUMNS} FROM videos WHERE id = ?`)
  const setAccess = db.prepare<[string, number]>('UPDATE videos SET access_level = ? WHERE id = ?')
  const setThumbnails = db.prepare<[string | null, string | null, number]>(
    'UPDATE videos SET thumbnail_file = COALESCE(?, thumbnail_file), youtube_thumbnail_file = COALESCE(?, youtube_thumbnail_file) WHERE id = ?',
  )
  return {
    list(filter: { q?: string; access?: string; after?: { created: string; id: number }; limit: number }) {
      return list.all({
        q: filter.q ? containsPattern(filter.q) : null,
        qExact: filter.q ?? null,
        access: filter.access ?? null,
        afterCreated: filter.after?.created ?? null,
        afterId: filter.after?.id ?? null,
        limit: filter.limit,
      } as never)
    },
    findById: (id: number) => byId.get(id),
    setAccessLevel: (id: number, access: string) => void setAccess.run(access, id),
    setThumbnails: (id: number, thumbnail: string | null, youtubeThumbnail: string | null) =>
      void setThumbnails.run(thumbnail, youtubeThumbnail, id),
  }
}
