/**
 * Admin video management: the list (search by title or YouTube id, access filter, newest first),
 * changing a video's access level (which changes who can play it at once: grants are issued per
 * request), its dialect or its title, and replacing its thumbnails (images sniffed by their bytes
 * before they get here). A new title is copied into every saved line of the video as GET /me/cards
 * lists it, so the same transaction marks those cards changed: a device's since pull carries it.
 */
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { AccessLevel, AdminVideo, Dialect, Page } from '../../../contract/index.ts'
import { ERROR_CODES, THUMBNAILS_REQUIRED_MESSAGE } from '../../../contract/index.ts'
import { ApiError, notFound, validationFailed } from '../errors.ts'
import { mediaFileUrl } from '../storage/media-paths.ts'
import { ladderFileOptions, mediaObjectKey } from '../storage/media-store.ts'
import type { Stores } from '../storage/stores.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import { createAdminVideosRepository, type AdminVideoRow, type AdminVideosRepository } from '../repositories/admin-videos.repository.ts'
import { createCardChangesRepository } from '../repositories/card-changes.repository.ts'
import type { Clock } from '../clock.ts'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Database } from '../db/schema.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'

const cursorSchema = z.object({ c: z.string().max(40), i: z.number().int() })

export interface ReceivedImage {
  path: string
  ext: string
}

export type AdminVideosService = ReturnType<typeof createAdminVideosService>

export function createAdminVideosService(deps: { videos: AdminVideosRepository; storage: Stores; db: Kysely<Database>; search: TextSearch; clock: Clock }) {
  const toAdminVideo = (row: AdminVideoRow): AdminVideo => ({
    id: row.id,
    title: row.title,
    youtube_id: row.youtube_id,
    access_level: row.access_level,
    thumbnail_url: row.media_key ? mediaFileUrl(row.media_key, row.thumbnail_file ?? 'poster.jpg') : null,
    youtube_thumbnail_url: row.media_key && row.youtube_thumbnail_file ? mediaFileUrl(row.media_key, row.youtube_thumbnail_file) : null,
    language_code: row.language_code,
    published_at: row.published_at,
    dialect: row.dialect,
  })

  async function find(id: number): Promise<AdminVideoRow> {
    const row = await deps.videos.findById(id)
    if (!row) throw notFound('No such video.')
    return row
  }

  return {
    async list(admin: UserRow, query: { q?: string; access: AccessLevel | 'all'; cursor?: string; limit: number }): Promise<Page<AdminVideo>> {
      requireAdmin(admin)
      const after = decodeCursor(cursorSchema, query.cursor)
      const rows = await deps.videos.list({
        q: query.q,
        access: query.access === 'all' ? undefined : query.access,
        after: after && { created: after.c, id: after.i },
        limit: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (row) => ({ c: row.created_at, i: row.id }))
      return { data: page.data.map(toAdminVideo), next_cursor: page.next_cursor }
    },

    /** PATCH /admin/videos/ID: the access level, the dialect (null clears it) and/or the title. */
    async update(admin: UserRow, id: number, changes: { access_level?: AccessLevel; dialect?: Dialect | null; title?: string }): Promise<AdminVideo> {
      requireAdmin(admin)
      const before = await find(id)
      const values: { access_level?: AccessLevel; dialect?: Dialect | null; title?: string } = {}
      if (changes.access_level !== undefined) values.access_level = changes.access_level
      if (changes.dialect !== undefined) values.dialect = changes.dialect
      if (changes.title !== undefined) values.title = changes.title
      const retitled = values.title !== undefined && values.title !== before.title
      await deps.db.transaction().execute(async (trx) => {
        await createAdminVideosRepository(trx, deps.search).update(id, values)
        if (retitled) await createCardChangesRepository(trx).markVideoCardsChanged(id, deps.clock.now())
      })
      return toAdminVideo(await find(id))
    },

    /** Moves the received images into the video's media folder under new names; old files are removed. */
    async replaceThumbnails(
      admin: UserRow,
      id: number,
      images: { thumbnail?: ReceivedImage; youtube_thumbnail?: ReceivedImage },
    ): Promise<AdminVideo> {
      requireAdmin(admin)
      const row = await find(id)
      if (!images.thumbnail && !images.youtube_thumbnail) throw validationFailed([THUMBNAILS_REQUIRED_MESSAGE])
      if (!row.media_key) throw new ApiError(409, ERROR_CODES.conflict, 'This video has no media folder yet.')
      const mediaKey = row.media_key
      const stamp = Date.now().toString(36)
      const place = async (image: ReceivedImage | undefined, stem: string) => {
        if (!image) return null
        const name = `${stem}-${stamp}.${image.ext}`
        await deps.storage.media.putFile(mediaObjectKey(mediaKey, name), image.path, ladderFileOptions(name))
        return name
      }
      const thumbnail = await place(images.thumbnail, 'thumbnail')
      const youtubeThumbnail = await place(images.youtube_thumbnail, 'youtube-thumbnail')
      await deps.videos.setThumbnails(id, thumbnail, youtubeThumbnail)
      for (const [replaced, old] of [
        [thumbnail, row.thumbnail_file],
        [youtubeThumbnail, row.youtube_thumbnail_file],
      ]) {
        if (replaced && old && old !== 'poster.jpg') await deps.storage.media.remove(mediaObjectKey(mediaKey, old))
      }
      return toAdminVideo(await find(id))
    },
  }
}
