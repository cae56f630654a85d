/**
 * Publishing a processed submission into the catalogue (admins only):
 * - processing must be `ready`, a submission is published once, and a declined one never (409 otherwise);
 *   publishing a submission still waiting for review accepts it;
 * - access is `free` when the free flag is set, else `premium`;
 * - series: an existing one of the same language, none, or a new one (its name unused in that
 *   language); the episode number is the one given or the series' next;
 * - thumbnails (sniffed images, 5 MB each) move into the video's media folder.
 * The series, the video and the submission's link to it are written in one transaction; thumbnails
 * moved before it are removed again if it fails. The answer is the new video as GET /videos/ID shows
 * it to the publishing admin.
 */
import { ERROR_CODES, type PublishFields, type Series, type VideoDetail } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { ApiError, notFound, validationFailed } from '../errors.ts'
import { ladderFileOptions, mediaObjectKey } from '../storage/media-store.ts'
import type { Stores } from '../storage/stores.ts'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import { createPublishingRepository, type PublishingRepository } from '../repositories/publishing.repository.ts'
import {
  createSubmissionsRepository,
  type SubmissionRow,
  type SubmissionsRepository,
} from '../repositories/submissions.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { ContributorMail } from './contributor-mail.ts'
import type { ReceivedFile } from './received-file.ts'
import type { CatalogueService } from './catalogue.service.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'

const declined = () => new ApiError(409, ERROR_CODES.conflict, 'A declined submission cannot be published.')

export interface PublishThumbnails {
  product?: ReceivedFile
  youtube?: ReceivedFile
}

export type PublishingService = ReturnType<typeof createPublishingService>

export function createPublishingService(deps: {
  db: Kysely<Database>
  publishing: PublishingRepository
  submissions: SubmissionsRepository
  languages: LanguagesRepository
  /** The video as GET /videos/ID answers it, creators included: publishing answers the same. */
  catalogue: Pick<CatalogueService, 'detail'>
  clock: Clock
  storage: Stores
  /** The uploader hears that the video is published, with its link. */
  mail: Pick<ContributorMail, 'submissionPublished'>
  /** Inside the publish's transaction, once the video is written (the glossary joins the lexicon). */
  onPublished?: (trx: Kysely<Database>, submission: SubmissionRow) => Promise<void>
}) {
  const { submissions } = deps

  const write = (
    row: SubmissionRow,
    fields: PublishFields,
    access: 'free' | 'premium' | 'preview',
    files: { product: string | null; youtube: string | null },
  ) =>
    deps.db.transaction().execute(async (trx) => {
      const publishing = createPublishingRepository(trx)
      let seriesId: number | null = null
      if (fields.series_mode === 'existing') {
        const series = await publishing.findSeries(fields.series_id!)
        if (!series || series.language_code !== row.language_code) throw validationFailed(['Choose a series of this language.'])
        seriesId = series.id
      } else if (fields.series_mode === 'new') {
        if (await publishing.findSeriesByName(row.language_code, fields.new_series_name!)) {
          throw validationFailed(['A series with this name already exists.'])
        }
        seriesId = await publishing.insertSeries(row.language_code, fields.new_series_name!, fields.new_series_description ?? '', nowIso())
      }
      const videoId = await publishing.insertVideo({
        languageCode: row.language_code,
        title: fields.title,
        description: fields.description,
        proficiencyLevel: fields.proficiency_level,
        accessLevel: access,
        durationSeconds: row.duration_seconds ?? 0,
        seriesId,
        episodeNumber: seriesId === null ? null : (fields.episode_number ?? (await publishing.nextEpisodeNumber(seriesId))),
        mediaKey: row.media_key!,
        thumbnailFile: files.product,
        youtubeThumbnailFile: files.youtube,
        youtubeTitle: fields.youtube_title,
        youtubeDescription: fields.youtube_description,
        submissionId: row.id,
        // The form's dialect when it sends one (empty clears it), else the contributor's.
        dialect: fields.dialect === undefined ? row.dialect : fields.dialect,
        nowIso: nowIso(),
      })
      // Published once: of two publishes at the same time, the second finds the link set and rolls back
      // (as does a publish that lost to a decline).
      if (!(await createSubmissionsRepository(trx).markPublished(row.id, videoId))) {
        const now = await createSubmissionsRepository(trx).findById(row.id)
        throw now?.status === 'rejected' ? declined() : new ApiError(409, ERROR_CODES.conflict, 'This submission is already published.')
      }
      await deps.onPublished?.(trx, row)
      return videoId
    })

  const nowIso = () => new Date(deps.clock.now()).toISOString()

  /** Moves a checked thumbnail into the video's media under a server-chosen name. */
  async function place(mediaKey: string, file: ReceivedFile | undefined, base: string): Promise<string | null> {
    if (!file) return null
    const name = `${base}.${file.ext}`
    await deps.storage.media.putFile(mediaObjectKey(mediaKey, name), file.path, ladderFileOptions(name))
    return name
  }

  async function publishRow(row: SubmissionRow, fields: PublishFields, access: 'free' | 'premium' | 'preview', thumbnails: PublishThumbnails) {
    if (row.published_video_id !== null) throw new ApiError(409, ERROR_CODES.conflict, 'This submission is already published.')
    if (row.status === 'rejected') throw declined()
    if (row.processing_state !== 'ready' || !row.media_key) {
      throw new ApiError(409, ERROR_CODES.conflict, 'The video is not processed yet.')
    }
    const placed: string[] = []
    try {
      const files = {
        product: await place(row.media_key, thumbnails.product, `thumbnail-${Date.now().toString(36)}`),
        youtube: await place(row.media_key, thumbnails.youtube, `youtube-thumbnail-${Date.now().toString(36)}`),
      }
      for (const name of [files.product, files.youtube]) if (name) placed.push(mediaObjectKey(row.media_key, name))
      return await write(row, fields, access, files)
    } catch (error) {
      for (const key of placed) await deps.storage.media.remove(key).catch(() => undefined)
      throw error
    }
  }

  return {
    async publish(admin: UserRow, tokenHash: string, submissionId: number, fields: PublishFields, thumbnails: PublishThumbnails): Promise<VideoDetail> {
      requireAdmin(admin)
      const row = await submissions.findById(submissionId)
      if (!row) throw notFound('No such submission.')
      const videoId = await publishRow(row, fields, fields.is_free ? 'free' : 'premium', thumbnails)
      await deps.mail.submissionPublished(row.user_id, fields.title, row.language_code, videoId)
      return await deps.catalogue.detail(admin, videoId, tokenHash)
    },

    /** Demo seeding and tests: the same step, with the access level chosen by the caller (preview included). */
    async publishAs(submissionId: number, fields: PublishFields, access: 'free' | 'premium' | 'preview'): Promise<number> {
      const row = await submissions.findById(submissionId)
      if (!row) throw notFound('No such submission.')
      return publishRow(row, fields, access, {})
    },

    /**
     * The publish job (demo seeding): the same step, with the access level chosen by the seed (preview
     * included). Run again, it does nothing: a submission gone or already published is left as it is.
     */
    async publishOnce(submissionId: number, fields: PublishFields, access: 'free' | 'premium' | 'preview'): Promise<void> {
      const row = await submissions.findById(submissionId)
      if (!row || row.published_video_id !== null) return
      await publishRow(row, fields, access, {})
    },

    async seriesOf(languageCode: string): Promise<Series[]> {
      if (!(await deps.languages.exists(languageCode))) throw notFound('No such language.')
      return deps.publishing.seriesOfLanguage(languageCode)
    },
  }
}
