/**
 * One run of a download while this tab holds its lock, and how it ended: plan it (run-plan.ts), write its record
 * (run-record.ts), fetch and store the parts in the page (fetch-parts.ts) or follow the browser's
 * Background Fetch of them (hand-over.ts, follow.ts), with the poster and the captions alongside, then
 * write the playlists (run-playlists.ts) and mark the record complete.
 */
import type { BackgroundFetchRegistrationLike } from './background-fetch.ts'
import { storeCaptionTracks } from './caption-files.ts'
import type { RunDeps } from './download-deps.ts'
import { fetchPartsInPage } from './fetch-parts.ts'
import { followHanded, followRecord } from './follow.ts'
import { createHandOver } from './hand-over.ts'
import { offlineMaster } from './hls-manifest.ts'
import { offlineMasterUrl } from './offline-urls.ts'
import type { PartsAhead } from './parts-ahead.ts'
import { DownloadError, isQuotaError, Stopped, type StartOutcome } from './record.ts'
import { planRun, type RunRequest } from './run-plan.ts'
import { createPlaylistWriter } from './run-playlists.ts'
import { createRunProgress } from './run-progress.ts'
import { completeRecord, writeStartRecord } from './run-record.ts'
import { removeDownloadFiles } from './store.ts'

export interface RunOptions extends RunRequest {
  /** The run found the record there when it began (followRecord: its absence since means removed). */
  existed: () => void
  /** The parts asked for at the press (parts-ahead.ts). */
  ahead?: PartsAhead
}

/** A run's attempt: the run and what it was given, with the controller a pause or delete aborts. */
export interface AttemptOptions extends Omit<RunOptions, 'signal' | 'existed'> {
  controller: AbortController
}

/**
 * One run while this tab holds the lock, following the record (follow.ts); a pause or delete ends it
 * as Stopped, and any other failure is written to the record: waiting for the network, or failed.
 */
export async function attemptRun(deps: RunDeps, run: AttemptOptions): Promise<StartOutcome> {
  const { videoId, controller } = run
  const follow = followRecord(deps.table, videoId, controller)
  try {
    return await runDownload(deps, { ...run, signal: controller.signal, existed: follow.existed })
  } catch (caught) {
    if (controller.signal.aborted) throw new Stopped()
    // Out of room midway is no network pause that coming online would fix: it fails as a download
    // refused up front does, saying what is still needed and what is free.
    const error = isQuotaError(caught) ? await noSpaceLeft(deps, videoId) : caught
    const offline = !(error instanceof DownloadError) || error.code === 'network'
    if (await deps.table.get(videoId)) {
      await deps.table.update(videoId, offline ? { status: 'waiting_for_network' } : { status: 'failed', error: (error as DownloadError).code })
    }
    if (offline && !(error instanceof DownloadError)) throw new DownloadError('network')
    throw error
  } finally {
    follow.stop()
  }
}

async function noSpaceLeft(deps: RunDeps, videoId: number): Promise<DownloadError> {
  const record = await deps.table.get(videoId)
  const space = await deps.spaceFor(0).catch(() => undefined)
  return new DownloadError('no_space', { neededBytes: record ? Math.max(0, record.bytesTotal - record.bytesDone) : undefined, freeBytes: space?.freeBytes ?? null })
}

async function runDownload(deps: RunDeps, options: RunOptions): Promise<StartOutcome> {
  const { videoId, signal, ahead } = options
  const backgroundReady = deps.backgroundFetch ? deps.backgroundFetch().catch(() => undefined) : Promise.resolve(undefined)
  const plan = await planRun(deps, options)
  const { video, variant, cache, base, parts, resuming } = plan
  const progress = createRunProgress(parts, plan.stored, deps.now)
  // Where the browser offers Background Fetch, what the service worker needs to finish the download
  // without the page goes into the record from the start: the page may be gone by the time it hands over.
  const variantKey = `${base}${variant.uri}`
  const place = { cache, variantText: plan.variantText, variantKey, masterKey: offlineMasterUrl(videoId), masterText: offlineMaster(variant) }
  const background = await backgroundReady
  const handOver =
    background &&
    createHandOver({
      manager: background,
      leaving: deps.leaving,
      videoId,
      title: video.title,
      missing: progress.missing,
      handed: { parts, variantText: place.variantText, variantKey, masterKey: place.masterKey, masterText: place.masterText },
    })
  const record = writeStartRecord(deps, { videoId, plan, progress, handed: handOver?.handed, signal, existed: options.existed })

  // The poster comes along with the parts rather than after them; a poster that fails to load
  // does not fail the download.
  const poster = video.thumbnail_url
    ? deps.files.storePoster(cache, new URL(video.thumbnail_url, deps.origin()).href, `${base}poster.jpg`, signal, resuming).catch(() => 0)
    : Promise.resolve(0)
  // The caption step (caption-files.ts): small files, started with the parts so they are stored
  // even when the browser's Background Fetch finishes the parts with the page gone; awaited after
  // the parts, and a failure leaves the download waiting for the network like a part's would.
  const captions = storeCaptionTracks(cache, video, deps.doFetch, deps.origin(), signal)
  captions.catch(() => undefined) // awaited below; a failure shows there

  /** Follows the browser's fetch of the parts not stored yet until the worker has finished it. */
  const followBackground = async (registration: BackgroundFetchRegistrationLike) => {
    ahead?.cancel() // the parts asked for at the press were for the page's own fetch
    await record.written
    // A pause or delete pressed meanwhile aborts it at once (and ends this run as Stopped).
    await followHanded({ table: deps.table, now: deps.now }, videoId, registration, progress.bytesDone, signal)
    await poster
    await captions
    return { persistence: await record.asked() }
  }
  // Already in the browser's hands, or a page out of sight: the browser fetches, the run follows.
  const inBrowser = handOver ? await handOver.atStart(resuming) : undefined
  if (inBrowser) return followBackground(inBrowser)

  const playlists = createPlaylistWriter(place, parts, plan.stored)
  progress.startClock()
  const inPage = {
    cache,
    signal,
    handOver,
    ahead,
    progress,
    noteFiles: playlists.noteFiles,
    storePart: deps.files.storePart,
    writeProgress: () => record.written.then(() => deps.table.update(videoId, { bytesDone: progress.bytesDone, filesDone: progress.filesDone })),
  }
  const { handing } = await fetchPartsInPage(inPage, handOver !== undefined)
  if (handing) {
    const registration = await handing.catch(() => undefined)
    await progress.reporting()
    if (registration) return followBackground(registration)
    // The browser refused it (the page still here, only hidden): the page goes on with what is missing.
    await fetchPartsInPage(inPage, false)
  }
  await record.written
  await Promise.all([poster, progress.reporting()])
  // A download plays its captions and transcript offline.
  const captionKeys = await captions
  await playlists.finish(progress.stored)
  // A download begun file by file by an earlier version leaves those files behind: drop them.
  if (resuming) {
    const keep = [...progress.stored.map((part) => `${base}${plan.variantDir}${part.name}`), variantKey, offlineMasterUrl(videoId), `${base}poster.jpg`, ...captionKeys]
    await removeDownloadFiles(cache, videoId, new Set(keep))
  }
  const completed = await completeRecord(deps, videoId, progress)
  return { persistence: await record.asked(), completed }
}
