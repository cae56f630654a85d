/**
 * What a download stores: the rendition (the quality asked for, or the best below it), its playlists,
 * and the parts its files travel in. The same playlist gives the same parts and URLs on every run.
 */
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { chooseVariant, parseMaster, parseMediaPlaylist, type Variant } from './hls-manifest.ts'
import { underGrantOf, withoutGrant } from './grant-urls.ts'
import { filesToDownload, groupIntoParts, partRequest, partTargetBytes } from './parts.ts'
import { DownloadError } from './record.ts'

/** A grant must outlive a download comfortably to be reused; otherwise a fresh one is asked for. */
const GRANT_MARGIN_MS = 15 * 60_000

export function grantsFullAccess(video: VideoDetail, nowMs: number): boolean {
  return video.can_watch === 'full' && video.playback !== null && Date.parse(video.playback.expires_at) - nowMs > GRANT_MARGIN_MS
}

/** A rendition's parts as every download plans them: the same playlist gives the same parts and URLs. */
export function planParts(variant: Variant, variantText: string, variantUrl: string) {
  const media = parseMediaPlaylist(variantText)
  const toDownload = filesToDownload(media, variant.bandwidth)
  const plan = groupIntoParts(toDownload, partTargetBytes(toDownload.reduce((sum, file) => sum + file.bytes, 0)))
  return { media, plan, urls: plan.map((part) => underGrantOf(partRequest(part), variantUrl)) }
}

/** Reads playlists over `doFetch`, relative to `origin()`; keeps the page's own for a press to come. */
export function createPlaylistReader(doFetch: typeof fetch, origin: () => string) {
  async function text(url: string, signal: AbortSignal, cache?: RequestCache): Promise<string> {
    const response = await doFetch(url, { signal, credentials: 'same-origin', ...(cache ? { cache } : {}) })
    if (!response.ok) throw new DownloadError(response.status === 403 ? 'not_entitled' : 'network')
    // The files' own names, as the parts and the stored playlists know them (grant-urls.ts).
    return withoutGrant(await response.text())
  }

  /**
   * The rendition to store (the quality asked for, or the best below it) and its variant playlist.
   * `cached`: the playlists are taken from the browser's HTTP cache when it has them (see run()).
   */
  async function readPlaylists(video: VideoDetail, preferredHeight: number | undefined, signal: AbortSignal, cached: boolean) {
    if (video.can_watch !== 'full') throw new DownloadError('not_entitled')
    if (!video.playback) throw new DownloadError('no_media')
    const masterUrl = new URL(video.playback.hls_url, origin()).href
    const mode: RequestCache | undefined = cached ? 'force-cache' : undefined
    const variant = chooseVariant(parseMaster(await text(masterUrl, signal, mode)), preferredHeight)
    if (!variant) throw new DownloadError('no_media')
    const variantUrl = underGrantOf(variant.uri, masterUrl)
    return { variant, variantUrl, variantText: await text(variantUrl, signal, mode) }
  }
  type Playlists = ReturnType<typeof readPlaylists>

  // The playlists of a page's own detail, read once the page shows the download's size (plan()), so a
  // press starts on the parts without reading them first (measured: the first part request left 5-10 ms
  // sooner, of the 20-30 ms it took after a press). By video, quality and playlist URL (a new grant is a
  // new URL); a failed read is dropped, so the press reads again.
  const prepared = new Map<string, Playlists>()
  const PREPARED_KEPT = 8
  function pagePlaylists(videoId: number, preferredHeight: number | undefined, known: VideoDetail): Playlists {
    const key = `${videoId} ${preferredHeight ?? ''} ${known.playback?.hls_url ?? ''}`
    const kept = prepared.get(key)
    if (kept) return kept
    const reading = readPlaylists(known, preferredHeight, new AbortController().signal, true)
    prepared.set(key, reading)
    reading.catch(() => prepared.get(key) === reading && prepared.delete(key))
    if (prepared.size > PREPARED_KEPT) prepared.delete(prepared.keys().next().value!)
    return reading
  }

  return { readPlaylists, pagePlaylists }
}

export type Playlists = ReturnType<ReturnType<typeof createPlaylistReader>['readPlaylists']>
