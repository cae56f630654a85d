/**
 * The studio's waveform (issue 44): the peaks of a submission's audio, made once per ladder by the
 * `make_waveform` job and kept beside the ladder (media/ladder-waveform.ts).
 * - The job is queued when processing has switched a submission to its ladder (after the transcode,
 *   never before: issue 41), and on the first GET of a submission processed before this job existed.
 *   One job per ladder (its unique key names the media key); a new ladder gets a new one.
 * - GET: the owner or an admin (anyone else: "no such submission", as the other studio reads).
 *   200 with the peaks once made; 202 `pending` while the job (or the processing before it) is to run;
 *   404 `no_waveform` when none can be made: no upload yet, processing failed, or the job gave up.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Logger } from 'pino'
import { STUDIO_ERROR_CODES, WAVEFORM_RETRY_AFTER_SECONDS, type Waveform } from '../../../contract/index.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AppJobQueue } from '../jobs/kinds.ts'
import { ladderWaveform, waveformFailedKey, waveformObjectKey } from '../media/ladder-waveform.ts'
import type { SubmissionsRepository } from '../repositories/submissions.repository.ts'
import { requireContributor } from '../rules/contributor-roles.ts'
import { mediaObjectKey, type MediaStore } from '../storage/media-store.ts'

export type WaveformService = ReturnType<typeof createWaveformService>

const noWaveform = (message: string) => new ApiError(404, STUDIO_ERROR_CODES.noWaveform, message)

async function putText(store: MediaStore, key: string, text: string, contentType: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waveform-put-'))
  try {
    const file = path.join(dir, 'body')
    await fs.writeFile(file, text)
    await store.putFile(key, file, { contentType, cacheControl: 'private, no-cache' })
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

export function createWaveformService(deps: { submissions: SubmissionsRepository; media: MediaStore; jobs: AppJobQueue; logger: Logger }) {
  const { submissions, media, jobs } = deps

  /** Queues the ladder's job unless one was made for it already. */
  const enqueue = (submissionId: number, mediaKey: string) => jobs.enqueueOnce('make_waveform', { submissionId, mediaKey }, `make_waveform@${mediaKey}`)

  return {
    enqueue,

    async read(user: UserRow, submissionId: number): Promise<Waveform> {
      requireContributor(user)
      const row = await submissions.findById(submissionId)
      if (!row || (row.user_id !== user.id && user.is_admin !== 1)) throw notFound('No such submission.')
      if (!row.media_key) {
        if (row.upload_state === 'complete' && row.processing_state !== 'failed') return { status: 'pending', retry_after_seconds: WAVEFORM_RETRY_AFTER_SECONDS }
        throw noWaveform(row.processing_state === 'failed' ? 'This video could not be processed, so it has no waveform.' : 'The video is not uploaded yet.')
      }
      const stored = await media.readText(waveformObjectKey(row.media_key))
      if (stored !== undefined) {
        const { durationSeconds, peaksPerSecond, peaks } = JSON.parse(stored) as { durationSeconds: number; peaksPerSecond: number; peaks: number[] }
        return { status: 'ready', duration_seconds: durationSeconds, peaks_per_second: peaksPerSecond, peaks }
      }
      if (await media.stat(waveformFailedKey(row.media_key))) throw noWaveform('The audio of this video could not be read.')
      // Processed before this job existed (or its job is queued): made on this first ask.
      await enqueue(row.id, row.media_key)
      return { status: 'pending', retry_after_seconds: WAVEFORM_RETRY_AFTER_SECONDS }
    },

    /** The job: the ladder's peaks computed and stored (nothing when the submission moved on to another ladder or is gone). */
    async make(submissionId: number, mediaKey: string, signal: AbortSignal): Promise<void> {
      const row = await submissions.findById(submissionId)
      if (!row || row.media_key !== mediaKey) return
      if (await media.stat(waveformObjectKey(mediaKey))) return
      const waveform = await ladderWaveform({ store: media, mediaKey, signal })
      await putText(media, waveformObjectKey(mediaKey), JSON.stringify(waveform), 'application/json')
      // Deleted while it was computed: its ladder (and these peaks) go.
      if (!(await submissions.findById(submissionId))) await media.removePrefix(mediaObjectKey(mediaKey))
    },

    /** The job gave up: the GET says 404 no_waveform rather than pending for ever. */
    async failed(submissionId: number, mediaKey: string, error: string): Promise<void> {
      deps.logger.warn({ submissionId, mediaKey, error }, 'the waveform could not be made')
      const row = await submissions.findById(submissionId)
      if (row?.media_key === mediaKey) await putText(media, waveformFailedKey(mediaKey), error.slice(0, 500), 'text/plain')
    },
  }
}
