import type { Kysely } from 'kysely'
import type { AccessLevel, Dialect } from '../../../contract/index.ts'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Database } from '../db/schema.ts'

export interface AdminVideoRow {
  id: number
  title: string
  youtube_id: string | null
  access_level: AccessLevel
  media_key: string | null
  thumbnail_file: string | null
  youtube_thumbnail_file: string | null
  language_code: string
  published_at: string | null
  created_at: string
  dialect: Dialect | null
}

export type AdminVideosRepository = ReturnType<typeof createAdminVideosRepository>

const COLUMNS = [
  'id',
  'title',
  'youtube_id',
  'access_level',
  'media_key',
  'thumbnail_file',
  'youtube_thumbnail_file',
  'language_code',
  'published_at',
  'created_at',
  'dialect',
] as const

export function createAdminVideosRepository(db: Kysely<Database>, search: TextSearch) {
  return {
    /**
     * Newest first; `q` matches the title or the YouTube id (db/dialect/text-search.ts). The SQL
     * differs per filter shape, so each shape gets its own plan and the indexes are used.
     */
    list(filter: { q?: string; access?: AccessLevel; after?: { created: string; id: number }; limit: number }): Promise<AdminVideoRow[]> {
      let query = db.selectFrom('videos').select(COLUMNS)
      if (filter.q) query = query.where(search.contains({ table: 'videos' }, filter.q))
      if (filter.access) query = query.where('access_level', '=', filter.access)
      const after = filter.after
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', after.created), eb.and([eb('created_at', '=', after.created), eb('id', '<', after.id)])]),
        )
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute()
    },
    findById: (id: number): Promise<AdminVideoRow | undefined> => db.selectFrom('videos').select(COLUMNS).where('id', '=', id).executeTakeFirst(),
    /** Sets what is given (access level, dialect: null clears it, title). */
    async update(id: number, values: { access_level?: AccessLevel; dialect?: Dialect | null; title?: string }): Promise<void> {
      await db.updateTable('videos').set(values).where('id', '=', id).execute()
    },
    async setThumbnails(id: number, thumbnail: string | null, youtubeThumbnail: string | null): Promise<void> {
      await db
        .updateTable('videos')
        .set((eb) => ({
          thumbnail_file: eb.fn.coalesce(eb.val(thumbnail), eb.ref('thumbnail_file')),
          youtube_thumbnail_file: eb.fn.coalesce(eb.val(youtubeThumbnail), eb.ref('youtube_thumbnail_file')),
        }))
        .where('id', '=', id)
        .execute()
    },
  }
}
