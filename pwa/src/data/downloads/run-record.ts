/**
 * A run's writes to its record (db.downloads): at the start (a new record, or the existing one marked
 * downloading again) and at the end (complete). Both are read and written in one step where another
 * tab may write too, so a pause pressed there is never written over.
 */
import type { HandedDownload } from './background-fetch.ts'
import type { RunDeps } from './download-deps.ts'
import type { RunPlan } from './run-plan.ts'
import type { RunProgress } from './run-progress.ts'
import type { DownloadRecord } from './record.ts'
import type { Persistence } from './record.ts'

/**
 * The record written while the first parts are fetched (progress waits for it). The first download
 * asks the browser to keep downloads; its answer is not needed to start (`asked`, awaited at the end).
 */
export function writeStartRecord(
  deps: RunDeps,
  run: { videoId: number; plan: RunPlan; progress: RunProgress; handed: HandedDownload | undefined; signal: AbortSignal; existed: () => void },
) {
  const { videoId, plan, progress, handed, signal } = run
  let asked: Promise<Persistence> | undefined
  const written = (async () => {
    if (signal.aborted) return // paused or removed meanwhile: no record brought back
    if (plan.record) {
      await deps.table.update(videoId, (current) => {
        if (current.status === 'paused') return
        current.status = 'downloading'
        current.filesTotal = plan.filesTotal
        delete current.error
        if (handed) current.handed = handed
      })
      return run.existed()
    }
    if ((await deps.table.count()) === 0) asked = deps.persist()
    const { video, variant } = plan
    await deps.table.put({
      videoId,
      title: video.title,
      languageCode: video.language_code,
      accessLevel: video.access_level,
      durationSeconds: video.duration_seconds,
      height: variant.quality,
      status: 'downloading',
      bytesDone: progress.bytesDone,
      bytesTotal: plan.estimate,
      filesDone: progress.filesDone,
      filesTotal: plan.filesTotal,
      createdAt: deps.now(),
      ...(handed ? { handed } : {}),
    })
  })()
  written.catch(() => undefined) // awaited by the run; a failure shows there
  return { written, asked: () => asked }
}

/** The record says complete, with the bytes stored; answers it as written (the page shows it at once). */
export async function completeRecord(deps: RunDeps, videoId: number, progress: RunProgress): Promise<DownloadRecord | undefined> {
  let completed: DownloadRecord | undefined
  const { bytesDone, filesDone } = progress
  await deps.table.update(videoId, (current) => {
    Object.assign(current, { status: 'complete', bytesDone, filesDone, bytesTotal: bytesDone, completedAt: deps.now() })
    delete current.handed
    completed = { ...current }
  })
  return completed
}
