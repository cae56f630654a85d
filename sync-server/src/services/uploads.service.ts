/**
 * The rules around the tus endpoint, kept apart from tus itself:
 * - Every request (POST, HEAD, PATCH, DELETE) is authorised here: a signed-in contributor or admin who
 *   owns the submission named at creation (Upload-Metadata `submission_id`), or bound to the upload id
 *   afterwards. The upload id is stored on the submission at creation, so ownership needs no metadata.
 * - A new upload for a submission replaces an unfinished earlier one (its files go); a finished upload
 *   cannot be replaced.
 * - Finishing marks the upload complete and enqueues the processing job in one transaction, so a
 *   finished upload is never left without its job (the queue is woken once it has committed). Only the
 *   call that moves the upload to complete enqueues: the finish may be reported by tus's hook, by the S3
 *   store when HEAD or PATCH finds an upload whose process died before completing it, and by
 *   `finishStored` (at start and in the periodic sweep), any of them at once, and the job runs once.
 * - "Expires after 24 h of silence": every request records the time, and a timer removes unfinished
 *   uploads whose last request and last written byte are both older than that.
 */
import type { Logger } from 'pino'
import { ERROR_CODES, parsePlainId, UPLOAD_SILENCE_EXPIRY_HOURS } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Kysely } from 'kysely'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { ApiError, forbidden, notFound } from '../errors.ts'
import type { AppJobQueue } from '../jobs/kinds.ts'
import type { UploadStore } from '../storage/upload-store.ts'
import {
  createSubmissionsRepository,
  type SubmissionRow,
  type SubmissionsRepository,
} from '../repositories/submissions.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { canContribute } from '../rules/contributor-roles.ts'

const SILENCE_MS = UPLOAD_SILENCE_EXPIRY_HOURS * 3_600_000

export type UploadsService = ReturnType<typeof createUploadsService>

/** The submission of an upload, when the caller contributes and it is theirs. */
function owned(user: UserRow, row: SubmissionRow | undefined): SubmissionRow {
  if (!canContribute(user)) throw forbidden('Only contributors can upload videos.')
  if (!row) throw notFound('No such upload.')
  if (row.user_id !== user.id) throw forbidden('This upload belongs to another submission.')
  return row
}

export function createUploadsService(deps: {
  db: Kysely<Database>
  locking: Locking
  submissions: SubmissionsRepository
  jobs: AppJobQueue
  clock: Clock
  logger: Logger
  /** Where tus keeps the uploads: DATA_DIR/uploads or the bucket (storage/upload-store.ts). */
  store: UploadStore
  /**
   * What one contributor may have unfinished at once (issue 29): uploads, and the bytes they declare
   * together; a deferred Upload-Length counts as MAX_UPLOAD_BYTES, the most it may become.
   */
  unfinished: { uploads: number; bytes: number; maxUploadBytes: number }
}) {
  const { submissions, clock, store } = deps

  const removeUploadFiles = (uploadId: string) => store.remove(uploadId)

  /** Upload files no submission points at (a stop between creating and binding, say), once as old. */
  async function removeOrphans(cutoff: number): Promise<number> {
    let removed = 0
    for await (const { uploadId, modifiedMs } of store.list()) {
      if (modifiedMs > cutoff || (await submissions.findByUploadId(uploadId))) continue
      await removeUploadFiles(uploadId)
      removed++
    }
    // On S3, multipart uploads with no `.info` left (a stop mid-creation) are invisible to the list.
    removed += await store.abortAbandoned(cutoff, async (uploadId) => (await submissions.findByUploadId(uploadId)) !== undefined)
    return removed
  }

  /**
   * Refuses (429) when `userId`'s unfinished uploads, with one more declaring `declaredBytes` (null:
   * deferred), would pass their share. The submission's own unfinished upload is replaced by the new
   * one, so it is not counted.
   */
  async function checkQuota(from: SubmissionsRepository, userId: number, submissionId: number, declaredBytes: number | null): Promise<void> {
    const { maxUploadBytes } = deps.unfinished
    const open = await from.unfinishedUploadsOf(userId, submissionId, maxUploadBytes)
    const adding = Math.min(declaredBytes ?? maxUploadBytes, maxUploadBytes)
    if (open.count + 1 <= deps.unfinished.uploads && open.bytes + adding <= deps.unfinished.bytes) return
    throw new ApiError(
      429,
      ERROR_CODES.uploadQuota,
      open.count + 1 > deps.unfinished.uploads
        ? `You have ${open.count} uploads still unfinished, the most at once. Finish or cancel one first.`
        : 'Your unfinished uploads are as large as allowed at once. Finish or cancel one first.',
      { headers: { 'Retry-After': '600' }, extra: { unfinished_uploads: open.count, unfinished_bytes: open.bytes } },
    )
  }

  /**
   * Binds the new upload to its submission, counted again against the quota under the contributor's
   * lock: the count at authorizeCreate alone let 12 creations at once all pass it (issue 45), as each
   * counted before any had bound. Answers the submission's earlier upload id, if any.
   */
  async function bind(submissionId: number, uploadId: string, size: number | null): Promise<string | null> {
    const row = await submissions.findById(submissionId)
    if (!row) throw notFound('No such upload.')
    return personTransaction(deps.db, deps.locking, row.user_id, async (trx) => {
      const inTrx = createSubmissionsRepository(trx)
      await checkQuota(inTrx, row.user_id, submissionId, size)
      const before = await inTrx.findById(submissionId)
      await inTrx.bindUpload(submissionId, uploadId, size, clock.now())
      return before?.upload_id ?? null
    })
  }

  /** Whether this call finished it (false: it was finished already, by another call). */
  async function finish(row: SubmissionRow, size: number): Promise<boolean> {
    const finished = await deps.db.transaction().execute(async (trx) => {
      if (!(await createSubmissionsRepository(trx).completeUpload(row.id, size))) return false
      await deps.jobs.enqueue('process_submission', { submissionId: row.id }, { trx })
      return true
    })
    if (finished) deps.jobs.wake()
    return finished
  }

  return {
    /** POST: may this user start an upload for this submission? */
    async authorizeCreate(user: UserRow, submissionIdText: string | undefined, declaredBytes: number | null = null): Promise<SubmissionRow> {
      // Plain decimal only, like ids in paths ("0x7" or "1e1" name no submission).
      const id = parsePlainId(submissionIdText)
      if (id === null) {
        if (!canContribute(user)) throw forbidden('Only contributors can upload videos.')
        throw new ApiError(422, ERROR_CODES.validation, 'Upload-Metadata must name the submission_id.')
      }
      const row = owned(user, await submissions.findById(id))
      if (row.upload_state === 'complete' || row.published_video_id !== null) {
        throw new ApiError(409, ERROR_CODES.conflict, 'This submission already has its video.')
      }
      // A quick refusal before tus stores anything; bind counts again, under the lock, and decides.
      await checkQuota(submissions, user.id, row.id, declaredBytes)
      return row
    },

    /** HEAD, PATCH, DELETE, GET: the upload must belong to a submission of this user. */
    async authorizeExisting(user: UserRow, uploadId: string): Promise<SubmissionRow> {
      const row = owned(user, await submissions.findByUploadId(uploadId))
      await submissions.touchUpload(uploadId, clock.now())
      return row
    },

    /** Called by tus once the upload exists: bind it, and drop an unfinished earlier one. */
    async created(submissionId: number, uploadId: string, size: number | null): Promise<void> {
      let previous: string | null
      try {
        previous = await bind(submissionId, uploadId, size)
      } catch (error) {
        // Refused (the quota, most likely): the upload tus just made is bound to nothing, so it goes now.
        await removeUploadFiles(uploadId).catch((removal: unknown) => deps.logger.warn({ err: removal, uploadId }, 'a refused upload could not be removed; the orphan sweep will'))
        throw error
      }
      if (previous && previous !== uploadId) await removeUploadFiles(previous)
    },

    async finished(uploadId: string, size: number): Promise<void> {
      const row = await submissions.findByUploadId(uploadId)
      if (!row || row.upload_state === 'complete') return
      await finish(row, size)
    },

    async terminated(uploadId: string): Promise<void> {
      const row = await submissions.findByUploadId(uploadId)
      if (row && row.upload_state !== 'complete') await submissions.unbindUpload(row.id)
      // tus removed the upload itself before telling us (termination).
    },

    /** Removes unfinished uploads silent for 24 h: no request and no byte written since. */
    async expireSilent(): Promise<number> {
      const cutoff = clock.now() - SILENCE_MS
      let expired = 0
      for (const row of await submissions.silentUploads(cutoff)) {
        // No upload stored: nothing was written.
        const stored = await store.progress(row.upload_id!)
        if ((stored?.lastWriteMs ?? 0) > cutoff) continue
        // Every byte is here: finished, not abandoned (finishStored completes it; it failed to, so far).
        if (stored && stored.bytes === row.upload_bytes_total) continue
        await submissions.unbindUpload(row.id)
        await removeUploadFiles(row.upload_id!)
        expired++
      }
      expired += await removeOrphans(cutoff)
      if (expired > 0) deps.logger.info({ expired }, 'silent unfinished uploads removed')
      return expired
    },

    /**
     * At start and in the periodic sweep: an upload whose every byte is stored but whose finish was never
     * recorded (its process stopped after the last bytes landed; on S3 maybe before the object was
     * assembled, which is done first) is finished now. tus-js-client sees the full offset and sends
     * nothing more, and the contributor may never come back to ask. Answers how many it finished.
     */
    async finishStored(): Promise<number> {
      let finished = 0
      for (const row of await submissions.uploadingNow()) {
        const size = row.upload_bytes_total
        if (size === null) continue
        try {
          // Not whole (bytes missing, or the upload is gone: the expiry sweep unbinds it in time).
          if (!(await store.completeStored(row.upload_id!, size))) continue
          if (await finish(row, size)) finished++
        } catch (error) {
          // One upload the bucket cannot answer for now does not hold up the others (nor the start).
          deps.logger.warn({ err: error, uploadId: row.upload_id }, 'a stored upload could not be finished; tried again at the next sweep')
        }
      }
      if (finished > 0) deps.logger.info({ finished }, 'uploads whose every byte was stored finished')
      return finished
    },
  }
}
