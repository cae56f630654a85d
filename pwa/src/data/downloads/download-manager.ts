/**
 * Downloads for watching offline. One rendition of a video (its playlist, init segment, every media
 * segment, and the poster) goes into Cache Storage under stable `/offline-media/<videoId>/` URLs,
 * with a synthetic master listing that rendition alone. The service worker answers those URLs from
 * the cache, with or without a network.
 * - Each file is stored only after it arrived whole; a file already stored is never fetched again, so
 *   a download cut off (offline, app closed) resumes from the first missing file.
 * - The size is checked against the free space first; the first download asks for persistent storage.
 * - Online again, downloads are checked against the learner's access and removed when it is gone.
 */
import type { EntityTable } from 'dexie'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { chooseVariant, estimateBytes, offlineMaster, parseMaster, parseMediaPlaylist } from './hls-manifest.ts'
import { OFFLINE_MEDIA_CACHE, offlineBase, offlineMasterUrl } from './offline-urls.ts'
import { askPersistence, checkSpace, type Persistence } from './storage-space.ts'

// Twice the browser's six connections per host: a file whose bytes have all arrived still waits for
// Cache Storage to commit it, and meanwhile another file can use the connection.
const PARALLEL_FILES = 12
/** Progress is written to IndexedDB at most this often: one write per segment slowed downloads down. */
const PROGRESS_EVERY_MS = 250

export type DownloadStatus = 'downloading' | 'paused' | 'waiting_for_network' | 'complete' | 'failed'

export interface DownloadRecord {
  videoId: number
  title: string
  languageCode: string
  accessLevel: string
  durationSeconds: number
  height: number
  status: DownloadStatus
  bytesDone: number
  bytesTotal: number
  filesDone: number
  filesTotal: number
  createdAt: number
  completedAt?: number
  error?: string
  /** Chosen by smart downloads (removed by them once watched), not by the learner. */
  smart?: boolean
}

export class DownloadError extends Error {
  constructor(
    readonly code: 'no_space' | 'not_entitled' | 'no_media' | 'network',
    readonly details: { neededBytes?: number; freeBytes?: number | null } = {},
  ) {
    super(code)
  }
}

export interface DownloadDeps {
  table: EntityTable<DownloadRecord, 'videoId'>
  getVideo: (videoId: number) => Promise<VideoDetail>
  openCache?: () => Promise<Cache>
  fetch?: typeof fetch
  now?: () => number
  checkSpace?: typeof checkSpace
  askPersistence?: typeof askPersistence
  /** Where relative URLs point (the page's own address in the app). */
  origin?: () => string
}

export function createDownloadManager(deps: DownloadDeps) {
  const openCache = deps.openCache ?? (() => caches.open(OFFLINE_MEDIA_CACHE))
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init))
  const now = deps.now ?? (() => Date.now())
  const spaceFor = deps.checkSpace ?? checkSpace
  const persist = deps.askPersistence ?? askPersistence
  const origin = deps.origin ?? (() => location.href)
  const active = new Map<number, AbortController>()

  async function text(url: string, signal: AbortSignal): Promise<string> {
    const response = await doFetch(url, { signal, credentials: 'same-origin' })
    if (!response.ok) throw new DownloadError(response.status === 403 ? 'not_entitled' : 'network')
    return response.text()
  }

  /**
   * Fetches one file and stores it. The network response itself goes into the cache (Chromium then
   * pipes its bytes to disk without passing them through script), and Cache.put rejects when the body
   * fails or falls short of its Content-Length, so a file cut short is never stored. Answers its size.
   */
  async function storeFile(cache: Cache, from: string, key: string, signal: AbortSignal, resuming = true): Promise<number> {
    const stored = resuming ? await cache.match(key) : undefined
    if (stored) return Number(stored.headers.get('Content-Length') ?? 0)
    // no-store: the bytes go to Cache Storage; a second copy in the browser's HTTP cache is waste.
    const response = await doFetch(from, { signal, credentials: 'same-origin', cache: 'no-store' })
    if (!response.ok) throw new DownloadError(response.status === 403 ? 'not_entitled' : 'network')
    const declared = response.headers.get('Content-Length')
    if (declared === null) {
      // No length to check the stream against: read it whole first, and store the length found.
      const body = await response.blob()
      await cache.put(key, new Response(body, { headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream', 'Content-Length': String(body.size) } }))
      return body.size
    }
    await cache.put(key, response)
    return Number(declared)
  }

  async function run(videoId: number, preferredHeight: number | undefined, controller: AbortController): Promise<{ persistence?: Persistence }> {
    const signal = controller.signal
    // What does not depend on the answers starts at once: the record, the cache.
    const existing = deps.table.get(videoId)
    const opened = openCache()
    // Should an early check throw first, these are not left as unhandled rejections.
    existing.catch(() => undefined)
    opened.catch(() => undefined)
    const video = await deps.getVideo(videoId)
    if (video.can_watch !== 'full') throw new DownloadError('not_entitled')
    if (!video.playback) throw new DownloadError('no_media')
    const masterUrl = new URL(video.playback.hls_url, origin()).href
    const variant = chooseVariant(parseMaster(await text(masterUrl, signal)), preferredHeight)
    if (!variant) throw new DownloadError('no_media')
    const variantUrl = new URL(variant.uri, masterUrl).href
    let record = await existing
    const resuming = record !== undefined
    // A new download's size is checked (from the video's length) while its playlist is fetched.
    const [variantText, space] = await Promise.all([
      text(variantUrl, signal),
      resuming ? undefined : spaceFor(estimateBytes(variant, video.duration_seconds)),
    ])
    if (space && !space.fits) throw new DownloadError('no_space', { neededBytes: estimateBytes(variant, video.duration_seconds), freeBytes: space.freeBytes })
    const media = parseMediaPlaylist(variantText)
    const files = [...(media.initUri ? [media.initUri] : []), ...media.segments.map((segment) => segment.uri)]
    const estimate = estimateBytes(variant, media.durationSeconds)

    // The browser's answer to "keep my downloads" is not needed to start: it is awaited at the end.
    let asked: Promise<Persistence> | undefined
    if (!record) {
      if ((await deps.table.count()) === 0) asked = persist()
      record = {
        videoId,
        title: video.title,
        languageCode: video.language_code,
        accessLevel: video.access_level,
        durationSeconds: video.duration_seconds,
        height: variant.height,
        status: 'downloading',
        bytesDone: 0,
        bytesTotal: estimate,
        filesDone: 0,
        filesTotal: files.length,
        createdAt: now(),
      }
      await deps.table.put(record)
    } else {
      await deps.table.update(videoId, { status: 'downloading', error: undefined, filesTotal: files.length })
    }

    const cache = await opened
    const base = offlineBase(videoId)
    const variantDir = variant.uri.includes('/') ? variant.uri.slice(0, variant.uri.lastIndexOf('/') + 1) : ''
    let bytesDone = 0
    let filesDone = 0
    let reportedAt = 0
    let reporting: Promise<unknown> | undefined
    const queue = [...files]
    // The poster comes along with the segments rather than after them; a poster that fails to load
    // does not fail the download.
    const poster = video.thumbnail_url
      ? storeFile(cache, new URL(video.thumbnail_url, origin()).href, `${base}poster.jpg`, signal, resuming).catch(() => 0)
      : Promise.resolve(0)
    const worker = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        bytesDone += await storeFile(cache, new URL(file, variantUrl).href, `${base}${variantDir}${file}`, signal, resuming)
        filesDone++
        if (now() - reportedAt >= PROGRESS_EVERY_MS && !reporting) {
          // Not awaited by the worker: the next file starts while progress is written.
          reportedAt = now()
          reporting = deps.table.update(videoId, { bytesDone, filesDone }).finally(() => (reporting = undefined))
        }
      }
    }
    await Promise.all(Array.from({ length: PARALLEL_FILES }, worker))
    await Promise.all([poster, reporting])
    // Playlists last: a download is playable only once every file it lists is stored.
    const playlist = (text: string) => new Response(text, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } })
    await Promise.all([cache.put(`${base}${variant.uri}`, playlist(variantText)), cache.put(offlineMasterUrl(videoId), playlist(offlineMaster(variant)))])
    await deps.table.update(videoId, { status: 'complete', bytesDone, filesDone, bytesTotal: bytesDone, completedAt: now() })
    return { persistence: await asked }
  }

  async function removeFiles(videoId: number) {
    const cache = await openCache()
    const base = offlineBase(videoId)
    const keys = await cache.keys()
    await Promise.all(keys.filter((request) => new URL(request.url).pathname.startsWith(base)).map((request) => cache.delete(request)))
  }

  return {
    /** Starts or resumes a download. Throws DownloadError for no space, no access or no media. */
    async start(videoId: number, preferredHeight?: number): Promise<{ persistence?: Persistence }> {
      if (active.has(videoId)) return {}
      const controller = new AbortController()
      active.set(videoId, controller)
      try {
        return await run(videoId, preferredHeight, controller)
      } catch (error) {
        if (controller.signal.aborted) return {} // paused or cancelled: the caller already set the state
        const offline = !(error instanceof DownloadError) || error.code === 'network'
        if (await deps.table.get(videoId)) {
          await deps.table.update(videoId, offline ? { status: 'waiting_for_network' } : { status: 'failed', error: (error as DownloadError).code })
        }
        if (offline && !(error instanceof DownloadError)) throw new DownloadError('network')
        throw error
      } finally {
        active.delete(videoId)
      }
    },

    async pause(videoId: number): Promise<void> {
      active.get(videoId)?.abort()
      await deps.table.update(videoId, { status: 'paused' })
    },

    async remove(videoId: number): Promise<void> {
      active.get(videoId)?.abort()
      await removeFiles(videoId)
      await deps.table.delete(videoId)
    },

    async removeAll(): Promise<void> {
      for (const record of await deps.table.toArray()) await this.remove(record.videoId)
    },

    /** At start and on `online`: downloads that were cut off continue from their first missing file. */
    async resumeInterrupted(): Promise<void> {
      const open = await deps.table.where('status').anyOf('downloading', 'waiting_for_network').toArray()
      await Promise.all(open.map((record) => this.start(record.videoId, record.height).catch(() => undefined)))
    },

    /** Online: removes downloads the learner may no longer watch in full. Answers their titles. */
    async removeRevoked(): Promise<string[]> {
      const removed: string[] = []
      for (const record of await deps.table.toArray()) {
        let entitled: boolean
        try {
          entitled = (await deps.getVideo(record.videoId)).can_watch === 'full'
        } catch (error) {
          if ((error as { status?: number }).status !== 404) continue // no answer: keep it until we know
          entitled = false
        }
        if (!entitled) {
          await this.remove(record.videoId)
          removed.push(record.title)
        }
      }
      return removed
    },

    isActive: (videoId: number) => active.has(videoId),
  }
}

export type DownloadManager = ReturnType<typeof createDownloadManager>
