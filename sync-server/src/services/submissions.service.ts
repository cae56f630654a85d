/**
 * Submissions: the metadata a contributor sends before the file (the file then goes over tus), how a
 * submission is shown, and who may see, review or delete it.
 * - Contributors and admins create; a repeated client_id answers the first submission (the PWA's queue
 *   retries freely).
 * - Owners see their own; admins see all. Someone else's submission is "not found", not "forbidden",
 *   so ids reveal nothing.
 * - Deleting removes the upload and the processed media; a published submission cannot be deleted.
 * - One stage a person reads (issue 41): waiting for review → accepted → published, or declined. Only
 *   a waiting submission is accepted or declined (409 otherwise; asking for the stage it is in already
 *   changes nothing); publishing accepts a waiting one (publishing.service.ts).
 */
import { ERROR_CODES, LIST_DEFAULT_LIMIT, UPLOADS_PATH, type Dialect, type Submission, type SubmissionStage } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, notFound, validationFailed } from '../errors.ts'
import type { MediaGrants } from '../media/grants.ts'
import type { Stores } from '../storage/stores.ts'
import { mediaObjectKey } from '../storage/media-store.ts'
import type { CaptionsRepository } from '../repositories/captions.repository.ts'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import type { SubmissionRow, SubmissionsRepository } from '../repositories/submissions.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { requireAdmin, requireContributor } from '../rules/contributor-roles.ts'

export interface CreateSubmissionInput {
  title: string
  description: string
  proficiency_level: string
  language_code: string
  creator_emails: string[]
  series_name: string | null
  episode_number: number | null
  publishable: boolean
  client_id?: string
  dialect?: Dialect | null
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>

export function createSubmissionsService(deps: {
  submissions: SubmissionsRepository
  captions: CaptionsRepository
  languages: LanguagesRepository
  grants: MediaGrants
  clock: Clock
  storage: Stores
}) {
  const { submissions } = deps

  async function bytesReceived(row: SubmissionRow): Promise<number> {
    if (row.upload_state === 'complete') return row.upload_bytes_total ?? 0
    if (row.upload_state !== 'uploading' || !row.upload_id) return 0
    return (await deps.storage.uploads.progress(row.upload_id))?.bytes ?? 0
  }

  /** `tokenHash`: the viewer's session, which the review grant is bound to. */
  async function toView(row: SubmissionRow, viewer: UserRow, tokenHash: string): Promise<Submission> {
    const ready = row.processing_state === 'ready' && row.media_key !== null
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      proficiency_level: row.proficiency_level,
      language_code: row.language_code,
      uploaded_by: { email: row.uploader_email, display_name: row.uploader_display_name },
      creators: (await submissions.creators(row.id)).map((email) => ({ email })),
      series_name: row.series_name,
      episode_number: row.episode_number,
      status: row.status,
      stage: stageOf(row),
      publishable_status:
        row.published_video_id !== null ? 'published' : row.publishable === 1 && ready ? 'publishable' : 'incomplete',
      published_video_id: row.published_video_id,
      upload: { state: row.upload_state, bytes_received: await bytesReceived(row), bytes_total: row.upload_bytes_total },
      processing: { state: row.processing_state, percent: row.processing_percent, error: row.processing_error },
      // The owner and admins review the processed video in full, whatever access it will be published with.
      playback: ready ? { hls_url: deps.grants.playbackUrl({ userId: viewer.id, tokenHash, mediaKey: row.media_key!, previewSeconds: null }) } : null,
      created_at: row.created_at,
      dialect: row.dialect,
      captions: (await deps.captions.tracksOf([row.id])).map((track) => ({ language: track.language, cues: track.cue_count, duration_seconds: track.duration_seconds })),
    }
  }

  async function visible(user: UserRow, id: number): Promise<SubmissionRow> {
    requireContributor(user)
    const row = await submissions.findById(id)
    if (!row || (row.user_id !== user.id && user.is_admin !== 1)) throw notFound('No such submission.')
    return row
  }

  async function decide(row: SubmissionRow, status: 'accepted' | 'rejected'): Promise<void> {
    if (await submissions.decide(row.id, status)) return
    // Lost to another decision, or decided before: read what it is now.
    const stage = stageOf((await submissions.findById(row.id)) ?? row)
    if (stage === (status === 'accepted' ? 'accepted' : 'declined')) return
    if (status === 'accepted' && stage === 'published') return
    throw new ApiError(409, ERROR_CODES.conflict, STAGE_REFUSALS[stage][status])
  }

  return {
    toView,

    async create(user: UserRow, input: CreateSubmissionInput) {
      requireContributor(user)
      // Languages are never removed, so checking first answers a retry the same. Two copies of one
      // request may both miss the client_id; the unique (user_id, client_id) index lets one insert,
      // and the other answers the row it lost to.
      if (!(await deps.languages.exists(input.language_code))) {
        throw validationFailed(['Choose a language we teach.'])
      }
      if (input.client_id) {
        const existing = await submissions.findByClientId(user.id, input.client_id)
        if (existing) return { id: existing.id, created: false }
      }
      const insert = submissions.insert({
        userId: user.id,
        clientId: input.client_id ?? null,
        title: input.title,
        description: input.description,
        proficiencyLevel: input.proficiency_level,
        languageCode: input.language_code,
        seriesName: input.series_name,
        episodeNumber: input.episode_number,
        publishable: input.publishable,
        creatorEmails: input.creator_emails,
        nowIso: new Date(deps.clock.now()).toISOString(),
        dialect: input.dialect ?? null,
      })
      try {
        return { id: await insert, created: true }
      } catch (error) {
        const first = input.client_id ? await submissions.findByClientId(user.id, input.client_id) : undefined
        if (first) return { id: first.id, created: false }
        throw error
      }
    },

    uploadTicket(id: number) {
      return { id, upload: { endpoint: UPLOADS_PATH, metadata: { submission_id: String(id) } } }
    },

    async list(user: UserRow, tokenHash: string, options: { mine: boolean; before?: number; limit?: number }) {
      requireContributor(user)
      const limit = options.limit ?? LIST_DEFAULT_LIMIT
      const before = options.before ?? Number.MAX_SAFE_INTEGER
      const rows =
        user.is_admin === 1 && !options.mine
          ? await submissions.listAll(before, limit + 1)
          : await submissions.listOfUser(user.id, before, limit + 1)
      const page = rows.slice(0, limit)
      return {
        data: await Promise.all(page.map((row) => toView(row, user, tokenHash))),
        next_cursor: rows.length > limit ? String(page[page.length - 1].id) : null,
      }
    },

    async get(user: UserRow, tokenHash: string, id: number): Promise<Submission> {
      return toView(await visible(user, id), user, tokenHash)
    },

    /**
     * PATCH /submissions/ID: the status (admins: accepted or rejected) and/or the dialect (the owner or
     * an admin; null clears it). Changing the dialect here does not change a published video's: admins
     * set that in the admin videos table.
     */
    async update(
      user: UserRow,
      tokenHash: string,
      id: number,
      changes: { status?: 'accepted' | 'rejected'; dialect?: Dialect | null },
    ): Promise<Submission> {
      if (changes.status !== undefined) requireAdmin(user)
      const row = await visible(user, id)
      if (changes.status !== undefined) await decide(row, changes.status)
      if (changes.dialect !== undefined) await submissions.setDialect(row.id, changes.dialect)
      return toView((await submissions.findById(row.id))!, user, tokenHash)
    },

    /** Removes the row first (so nothing points at the files), then the files. */
    async remove(user: UserRow, id: number): Promise<void> {
      const row = await visible(user, id)
      if (row.published_video_id !== null) {
        throw new ApiError(409, ERROR_CODES.conflict, 'A published submission cannot be deleted.')
      }
      await submissions.remove(row.id)
      await removeSubmissionFiles(deps.storage, row)
    },
  }
}

export function stageOf(row: Pick<SubmissionRow, 'status' | 'published_video_id'>): SubmissionStage {
  if (row.published_video_id !== null) return 'published'
  if (row.status === 'rejected') return 'declined'
  return row.status === 'accepted' ? 'accepted' : 'waiting'
}

const STAGE_REFUSALS: Record<SubmissionStage, Record<'accepted' | 'rejected', string>> = {
  waiting: { accepted: 'This submission could not be accepted.', rejected: 'This submission could not be declined.' },
  accepted: { accepted: '', rejected: 'An accepted submission cannot be declined.' },
  published: { accepted: '', rejected: 'A published submission cannot be declined.' },
  declined: { accepted: 'A declined submission cannot be accepted.', rejected: '' },
}

/** The upload (data and tus sidecar) and the processed media of a submission. */
export async function removeSubmissionFiles(storage: Stores, row: Pick<SubmissionRow, 'upload_id' | 'media_key'>): Promise<void> {
  if (row.upload_id) await storage.uploads.remove(row.upload_id)
  if (row.media_key) await storage.media.removePrefix(mediaObjectKey(row.media_key))
}
