/**
 * The processing job of a submission: probe the uploaded file, then transcode it to the HLS ladder.
 * - Not a video (probe fails): processing `failed` with the reason, and the uploaded bytes deleted.
 * - A video: the upload is read into a scratch folder (from the bucket on S3; on disk the file is read
 *   where it is), transcoded there, and the ladder stored under a media key fresh for this attempt
 *   (storage/media-store.ts: on disk a rename into DATA_DIR/media, on S3 an upload of each file). The
 *   switch to it is one database write (`markReady`), made only while this worker's lease holds; the
 *   ladder of an earlier key is removed after. No folder is renamed over another, so no reader ever
 *   sees a half ladder or no media, and a worker that lost its lease switches nothing (its ladder is
 *   removed; one it could not remove is swept as an orphan).
 * The job may be re-run from the start after a crash (by this worker or another). A transcode that
 * fails throws, so the queue tries again later (jobs/job-queue.ts); once its attempts are spent,
 * `failed` says so on the submission. A file that is not a video fails at once (no retry mends it).
 * A ready submission with something to do next (the demo seed's publish) gets its follow-up job.
 * A submission deleted while its job runs leaves nothing behind.
 */
import path from 'node:path'
import type { Logger } from 'pino'
import type { JobPayload } from '../jobs/kinds.ts'
import { FfmpegError, probeVideo, transcodeToHls } from '../media/ffmpeg.ts'
import { newMediaKey } from '../storage/media-paths.ts'
import type { SubmissionsRepository } from '../repositories/submissions.repository.ts'
import { ladderFileOptions, mediaObjectKey } from '../storage/media-store.ts'
import type { Stores } from '../storage/stores.ts'

export type ProcessSubmissionPayload = JobPayload<'process_submission'>

/** A transcode that failed: the job runs again later, and the reason shown once it is given up. */
class TranscodeFailed extends Error {}
const TRANSCODE_FAILED = 'transcode failed: '


export function createProcessingService(deps: {
  submissions: SubmissionsRepository
  storage: Stores
  logger: Logger
  onReady?: (submissionId: number, payload: ProcessSubmissionPayload) => Promise<unknown>
}) {
  const { submissions } = deps

  const { media } = deps.storage

  async function deleteSource(submissionId: number, uploadId: string) {
    await deps.storage.uploads.remove(uploadId)
    await submissions.dropSource(submissionId)
  }

  return {
    /** The job failed for good (its attempts spent on errors or crashes): say so on the submission. */
    async failed(payload: ProcessSubmissionPayload, error: string): Promise<void> {
      if (await submissions.findById(payload.submissionId)) {
        const reason = error.startsWith(TRANSCODE_FAILED) ? 'We could not process this video.' : 'Processing failed.'
        await submissions.setProcessing(payload.submissionId, 'failed', 0, reason)
      }
    },

    /** `job`: the claim this run holds (its lease); without one (tests, tools) the switch is unconditional. */
    async run(payload: ProcessSubmissionPayload, signal: AbortSignal, job?: { id: number; claim: number }): Promise<void> {
      const row = await submissions.findById(payload.submissionId)
      if (!row || row.upload_state !== 'complete' || !row.upload_id) return
      if (row.processing_state === 'ready') {
        // Run again after a crash just after the switch: its follow-up may not have been made yet.
        await deps.onReady?.(row.id, payload)
        return
      }
      await submissions.setProcessing(row.id, 'processing', 0)
      const scratch = await deps.storage.scratch()
      try {
        await transcodeInto(row.id, row.upload_id, scratch.dir, payload, signal, job)
      } finally {
        await scratch.remove()
      }
    },
  }

  async function transcodeInto(
    submissionId: number,
    uploadId: string,
    scratchDir: string,
    payload: ProcessSubmissionPayload,
    signal: AbortSignal,
    job: { id: number; claim: number } | undefined,
  ) {
    const source = await deps.storage.uploads.localCopy(uploadId, scratchDir)
    if (!source) {
      await submissions.setProcessing(submissionId, 'failed', 0, 'The uploaded file is missing: please upload the video again.')
      return
    }
    const probe = await probeVideo(source)
    if (!probe.ok) {
      await submissions.setProcessing(submissionId, 'failed', 0, probe.reason)
      await deleteSource(submissionId, uploadId)
      return
    }

    const outDir = path.join(scratchDir, 'ladder')
    let lastPercent = 0
    // Percent writes go one after another, never more than one waiting (the newest wins).
    let writing: Promise<void> = Promise.resolve()
    let pendingPercent: number | null = null
    const writePercent = () => {
      writing = writing
        .then(async () => {
          if (pendingPercent === null) return
          const percent = pendingPercent
          pendingPercent = null
          await submissions.setProcessing(submissionId, 'processing', percent)
        })
        .catch((error) => deps.logger.warn({ err: error, submissionId }, 'processing percent not recorded'))
    }
    try {
      await transcodeToHls({
        source,
        outDir,
        video: probe.video,
        signal,
        onPercent: (percent) => {
          if (percent <= lastPercent) return
          lastPercent = percent
          if (pendingPercent === null) {
            pendingPercent = percent
            writePercent()
          } else pendingPercent = percent
        },
      })
    } catch (error) {
      await writing
      if (signal.aborted) throw error // stopped with the server, or the lease was lost: the job runs again from the start
      if (!(await submissions.findById(submissionId))) return // deleted while it was being processed
      if (error instanceof FfmpegError) throw new TranscodeFailed(TRANSCODE_FAILED + error.message)
      throw error
    }
    await writing
    const before = await submissions.findById(submissionId)
    if (!before) return // deleted while it was being processed
    const mediaKey = newMediaKey() // fresh for this attempt: nothing another attempt wrote is touched
    await media.putDir(mediaObjectKey(mediaKey), outDir, ladderFileOptions)
    const switched = !signal.aborted && (await submissions.markReady(submissionId, probe.video.durationSeconds, mediaKey, job && { jobId: job.id, claim: job.claim }))
    if (!switched) {
      await media.removePrefix(mediaObjectKey(mediaKey))
      if (signal.aborted) throw new Error('stopped before the switch to the new ladder')
      return // deleted meanwhile, or another worker holds the job now
    }
    if (before.media_key && before.media_key !== mediaKey) {
      await media.removePrefix(mediaObjectKey(before.media_key)).catch((error) => deps.logger.warn({ err: error, submissionId }, 'an earlier ladder was not removed'))
    }
    if (!(await submissions.findById(submissionId))) {
      await media.removePrefix(mediaObjectKey(mediaKey)) // deleted just as it was switched
      return
    }
    await deps.onReady?.(submissionId, payload)
  }
}
