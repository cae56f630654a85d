/**
 * A run's plan, before anything is stored: the video's detail (the page's own while its grant lasts),
 * the rendition and its playlists, the free space for a new download, the parts and where each goes,
 * and which of them an earlier run stored already. What does not depend on another answer is asked
 * for at once, side by side: the record, the cache, the playlists.
 */
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { MEDIA_PART_FILES_HEADER } from '../../../../contract/limits.ts'
import type { HandedPart } from './background-fetch.ts'
import type { RunDeps } from './download-deps.ts'
import { estimateBytes } from './hls-manifest.ts'
import { offlineBase } from './offline-urls.ts'
import { holdsPlannedFiles, partName, parsePartFiles, type StoredPart } from './parts.ts'
import { grantsFullAccess, planParts, type Playlists } from './plan.ts'
import { DownloadError, type DownloadRecord } from './record.ts'

export interface RunRequest {
  videoId: number
  preferredHeight: number | undefined
  /** The page's own detail, if it handed one. */
  known: VideoDetail | undefined
  signal: AbortSignal
  /** The record as read while the lock was asked for (tab-downloads.ts), else read here. */
  read?: Promise<DownloadRecord | undefined>
  /** The playlists of the page's own detail, read already (plan()). */
  early?: Playlists
}

export async function planRun(deps: RunDeps, request: RunRequest) {
  const { videoId, preferredHeight, known, signal, read, early } = request
  const existing = read ?? deps.table.get(videoId)
  const opened = deps.openCache()
  // Should an early check throw first, these are not left as unhandled rejections.
  existing.catch(() => undefined)
  opened.catch(() => undefined)
  // The page's own answer, when it still grants full access for a while, saves a round trip, and its
  // playlists are in the browser's HTTP cache already (the player, and the size shown before the
  // start, asked for them by the same URL): they are taken from there without asking the server again
  // (two round trips before the first part). They are sent private, max-age=10 (the session re-check); the
  // download's parts are checked by their grant and against the plan whatever the playlist said.
  const fromPage = known !== undefined && grantsFullAccess(known, deps.now())
  const video = fromPage ? known : await deps.getVideo(videoId)
  // The playlists do not depend on the record: read while it is (or, from the page, while the lock was asked for).
  const playlists = fromPage && early ? early : deps.playlists.readPlaylists(video, preferredHeight, signal, fromPage)
  // The free space against the rendition's size (a new download's check), asked for once the rendition is known.
  const spaceFound = playlists.then(({ variant }) => deps.spaceFor(estimateBytes(variant, video.duration_seconds)))
  playlists.catch(() => undefined) // awaited below
  spaceFound.catch(() => undefined) // awaited below, for a new download only
  const record = await existing
  const resuming = record !== undefined
  const { variant, variantUrl, variantText } = await playlists
  const space = resuming ? undefined : await spaceFound
  if (space && !space.fits) throw new DownloadError('no_space', { neededBytes: estimateBytes(variant, video.duration_seconds), freeBytes: space.freeBytes })
  const { media, plan, urls } = planParts(variant, variantText, variantUrl)

  const cache = await opened
  const base = offlineBase(videoId)
  const variantDir = variant.uri.includes('/') ? variant.uri.slice(0, variant.uri.lastIndexOf('/') + 1) : ''
  const parts: HandedPart[] = plan.map((part, index) => {
    const name = partName(part.from)
    return { ...part, name, url: urls[index], key: `${base}${variantDir}${name}` }
  })
  return {
    video,
    record,
    resuming,
    variant,
    variantText,
    filesTotal: plan.reduce((sum, part) => sum + part.count, 0),
    estimate: estimateBytes(variant, media.durationSeconds),
    cache,
    base,
    variantDir,
    parts,
    stored: resuming ? await storedEarlier(cache, parts) : [],
  }
}

export type RunPlan = Awaited<ReturnType<typeof planRun>>

/** The parts an earlier run stored with the planned files: only the others are fetched, here or by the browser. */
export async function storedEarlier(cache: Cache, parts: HandedPart[]): Promise<StoredPart[]> {
  const found = await Promise.all(parts.map(async (part) => parsePartFiles((await cache.match(part.key))?.headers.get(MEDIA_PART_FILES_HEADER) ?? null)))
  return parts.flatMap((part, index) => {
    const files = found[index]
    return holdsPlannedFiles(part, files) ? [{ name: part.name, files }] : []
  })
}
