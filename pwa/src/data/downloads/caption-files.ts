/**
 * The caption step of a download, after its parts: each caption track of the video (signed URLs in
 * `playback.captions`) is stored at `/offline-media/<id>/captions/<lang>.vtt`, where the player looks
 * for it offline and the service worker answers it like the rest of the download. A track the server
 * no longer has (404) is skipped; any other failure fails the step, so the download waits for the
 * network and tries again rather than finish without its captions.
 */
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { offlineCaptionUrl } from './offline-urls.ts'

/** Stores the video's caption tracks; answers the keys stored (kept when a resumed download tidies up). */
export async function storeCaptionTracks(
  cache: Cache,
  video: Pick<VideoDetail, 'id' | 'playback'>,
  doFetch: typeof fetch,
  origin: string,
  signal: AbortSignal,
): Promise<string[]> {
  const tracks = video.playback?.captions ?? []
  const stored = await Promise.all(
    tracks.map(async (track) => {
      const response = await doFetch(new URL(track.url, origin).href, { signal, credentials: 'same-origin', cache: 'no-store' })
      if (response.status === 404) return null
      if (!response.ok) throw new Error(`Captions ${track.language}: ${response.status}`)
      const key = offlineCaptionUrl(video.id, track.language)
      // Read whole and stored with the type a <track> expects, whatever the server sent.
      const text = await response.text()
      await cache.put(key, new Response(text, { headers: { 'Content-Type': 'text/vtt; charset=utf-8' } }))
      return key
    }),
  )
  return stored.filter((key): key is string => key !== null)
}
