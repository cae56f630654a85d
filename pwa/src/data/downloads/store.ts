/**
 * Storing a download's files in Cache Storage: the network response itself goes into the cache, so a
 * file or part cut short makes cache.put reject and nothing is stored.
 */
import { MEDIA_PART_FILES_HEADER } from '../../../../contract/limits.ts'
import { THUMBNAIL_CACHE, thumbnailCacheKey } from './thumbnail-cache.ts'
import { holdsPlannedFiles, parsePartFiles, type PartFile, type PartPlan } from './parts.ts'
import { DownloadError } from './record.ts'
import { offlineBase } from './offline-urls.ts'

/** The thumbnails cache of the service worker (data/downloads/thumbnail-cache.ts), where there is Cache Storage. */
export async function pictureShown(url: string): Promise<Response | undefined> {
  if (typeof caches === 'undefined') return undefined
  return (await caches.open(THUMBNAIL_CACHE)).match(thumbnailCacheKey(url))
}

export function createFileStore(doFetch: typeof fetch, shownPicture: (url: string) => Promise<Response | undefined>) {
  /** A file or part to store. no-store: the bytes go to Cache Storage; a copy in the HTTP cache is waste. */
  const fetchToStore = (url: string, signal: AbortSignal) => doFetch(url, { signal, credentials: 'same-origin', cache: 'no-store' })

  /**
   * For an answer without Content-Length, which Cache.put cannot check the stream against: the body
   * is read whole first and stored with the length found, unless `expected` says it fell short.
   * Answers the length read.
   */
  async function storeReadWhole(cache: Cache, key: string, response: Response, headers: Record<string, string>, expected?: number): Promise<number> {
    const body = await response.blob()
    if (expected !== undefined && body.size !== expected) return body.size
    const type = response.headers.get('Content-Type') ?? 'application/octet-stream'
    await cache.put(key, new Response(body, { headers: { 'Content-Type': type, 'Content-Length': String(body.size), ...headers } }))
    return body.size
  }

  /**
   * Stores the poster: copied from the service worker's thumbnails cache when the app has shown it
   * (the video page has: no request, where one through the worker would also revalidate the picture
   * while the parts arrive), else fetched. The network response itself goes into the cache (Chromium
   * then pipes its bytes to disk without passing them through script), and Cache.put rejects when the
   * body fails or falls short of its Content-Length, so a file cut short is never stored. Answers its size.
   */
  async function storePoster(cache: Cache, from: string, key: string, signal: AbortSignal, resuming = true): Promise<number> {
    const stored = resuming ? await cache.match(key) : undefined
    if (stored) return Number(stored.headers.get('Content-Length') ?? 0)
    const shown = await shownPicture(from).catch(() => undefined)
    const response = shown?.ok ? shown : await fetchToStore(from, signal)
    if (!response.ok) throw new DownloadError(response.status === 403 ? 'not_entitled' : 'network')
    const declared = response.headers.get('Content-Length')
    if (declared === null) return storeReadWhole(cache, key, response, {})
    await cache.put(key, response)
    return Number(declared)
  }

  /**
   * One part not stored yet (run() leaves out those stored with the planned files): it is fetched and
   * the network response itself is stored, as for a file above, so a part cut short (network
   * gone, a file changed on the server) makes cache.put reject and nothing is stored. Answers the
   * part's files and sizes, as its X-Part-Files header lists them; `onFiles` hears them as soon as the
   * answer's headers are in, while its bytes still arrive.
   */
  async function storePart(
    cache: Cache,
    part: PartPlan,
    from: string,
    key: string,
    signal: AbortSignal,
    onFiles: (files: PartFile[]) => void,
    askedAhead?: Promise<Response>,
  ): Promise<PartFile[]> {
    const response = await (askedAhead ?? fetchToStore(from, signal))
    if (!response.ok) throw new DownloadError(response.status === 403 ? 'not_entitled' : 'network')
    const files = parsePartFiles(response.headers.get(MEDIA_PART_FILES_HEADER))
    // Not the planned files: the rendition changed on the server since its playlist was read.
    if (!holdsPlannedFiles(part, files)) throw new DownloadError('network')
    const size = files.reduce((sum, file) => sum + file.size, 0)
    const declared = response.headers.get('Content-Length')
    if (declared === null) {
      const stored = await storeReadWhole(cache, key, response, { [MEDIA_PART_FILES_HEADER]: response.headers.get(MEDIA_PART_FILES_HEADER)! }, size)
      if (stored !== size) throw new DownloadError('network')
      onFiles(files)
    } else {
      if (Number(declared) !== size) throw new DownloadError('network')
      const storing = cache.put(key, response)
      onFiles(files)
      await storing
    }
    return files
  }

  return { fetchToStore, storeReadWhole, storePoster, storePart }
}

/** Removes a download's stored entries, all of them or all but `keep` (pathnames). */
export async function removeDownloadFiles(cache: Cache, videoId: number, keep = new Set<string>()): Promise<void> {
  const base = offlineBase(videoId)
  const keys = await cache.keys()
  await Promise.all(
    keys
      .filter((request) => {
        const pathname = new URL(request.url).pathname
        return pathname.startsWith(base) && !keep.has(pathname)
      })
      .map((request) => cache.delete(request)),
  )
}
