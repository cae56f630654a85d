/**
 * The processing job of a submission: probe the uploaded file, then transcode it to the HLS ladder.
 * - Not a video (probe fails): processing `failed` with the reason, and the uploaded bytes deleted.
 * - A video: transcoded into DATA_DIR/media/<media_key>/, percent written as ffmpeg reports it.
 * The job may be re-run from the start after a crash (by this worker or another): the media key is kept
 * on the submission, and what an earlier attempt left is removed first. The ladder is written into a
 * partial folder and renamed into place whole (DATA_DIR may be a volume other processes read).
 * A submission deleted while its job runs leaves nothing behind.
 */
import fs from 'node:fs'
import type { Logger } from 'pino'
import type { PublishFields } from '../../../contract/index.ts'
import { FfmpegError, probeVideo, transcodeToHls } from '../media/ffmpeg.ts'
import { mediaDir, newMediaKey, partialMediaDir, partialMediaDirsOf, uploadFiles } from '../media/media-paths.ts'
import type { SubmissionsRepository } from '../repositories/submissions.repository.ts'

export interface ProcessSubmissionPayload {
  submissionId: number
  /** Demo seeding publishes straight after processing, through the same publish step as an admin. */
  autoPublish?: { fields: PublishFields; access: 'free' | 'premium' | 'preview' }
}


export function createProcessingService(deps: {
  submissions: SubmissionsRepository
  dataDir: string
  logger: Logger
  onReady?: (submissionId: number, payload: ProcessSubmissionPayload) => Promise<unknown>
}) {
  const { submissions } = deps

  async function deleteSource(submissionId: number, uploadId: string) {
    const files = uploadFiles(deps.dataDir, uploadId)
    fs.rmSync(files.data, { force: true })
    fs.rmSync(files.info, { force: true })
    await submissions.dropSource(submissionId)
  }

  return {
    /** The job failed for good (an unexpected error, or a crash on every attempt): say so on the submission. */
    async failed(payload: ProcessSubmissionPayload): Promise<void> {
      if (await submissions.findById(payload.submissionId)) {
        await submissions.setProcessing(payload.submissionId, 'failed', 0, 'Processing failed.')
      }
    },

    async run(payload: ProcessSubmissionPayload, signal: AbortSignal): Promise<void> {
      const row = await submissions.findById(payload.submissionId)
      if (!row || row.upload_state !== 'complete' || !row.upload_id) return
      if (row.processing_state === 'ready') return
      await submissions.setProcessing(row.id, 'processing', 0)
      const source = uploadFiles(deps.dataDir, row.upload_id).data

      const probe = await probeVideo(source)
      if (!probe.ok) {
        await submissions.setProcessing(row.id, 'failed', 0, probe.reason)
        await deleteSource(row.id, row.upload_id)
        return
      }

      const mediaKey = row.media_key ?? newMediaKey()
      if (!row.media_key) await submissions.setMediaKey(row.id, mediaKey)
      const finalDir = mediaDir(deps.dataDir, mediaKey)
      for (const leftover of partialMediaDirsOf(deps.dataDir, mediaKey)) fs.rmSync(leftover, { recursive: true, force: true })
      const outDir = partialMediaDir(deps.dataDir, mediaKey)
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
            await submissions.setProcessing(row.id, 'processing', percent)
          })
          .catch((error) => deps.logger.warn({ err: error, submissionId: row.id }, 'processing percent not recorded'))
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
        if (signal.aborted) {
          fs.rmSync(outDir, { recursive: true, force: true })
          throw error // stopped with the server, or the lease was lost: the job runs again from the start
        }
        deps.logger.warn({ err: error, submissionId: row.id }, 'transcoding failed')
        fs.rmSync(outDir, { recursive: true, force: true })
        if (await submissions.findById(row.id)) {
          const reason = error instanceof FfmpegError ? 'We could not process this video.' : 'Processing failed.'
          await submissions.setProcessing(row.id, 'failed', 0, reason)
        }
        return
      }
      await writing
      if (!(await submissions.findById(row.id))) {
        fs.rmSync(outDir, { recursive: true, force: true }) // deleted while it was being processed
        return
      }
      fs.rmSync(finalDir, { recursive: true, force: true })
      fs.renameSync(outDir, finalDir)
      await submissions.markReady(row.id, probe.video.durationSeconds)
      await deps.onReady?.(row.id, payload)
    },
  }
}
