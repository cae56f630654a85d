/**
 * The grant a streamed video plays under, renewed as it runs out. The playlist and the caption tracks
 * are signed under one grant (an hour), so they run out together:
 * - hls.js meets a refused segment and asks `refreshSource` for a fresh playlist URL; the caption links
 *   of that same fresh grant replace the old ones (Player renders a new <track> per URL).
 * - A caption track can also fail on its own: a track is only loaded when it is first shown, so the
 *   English one chosen an hour into a paused video asks under the old grant. `onCaptionsFailed`
 *   renews the grant then, unless this page renewed it moments ago (a track refused under a fresh grant
 *   is refused for good, e.g. removed since: asking again would only loop).
 */
import { useCallback, useRef, useState } from 'react'
import { connectivity } from '../../data/runtime/connectivity.ts'
import type { CaptionLink } from '../../../../contract/schemas/captions.ts'
import { freshPlayback } from '../../data/catalogue/video-detail.ts'

/** A caption failure this soon after the grant was fetched is not the grant's age: it is not renewed. */
export const CAPTION_RENEWAL_PAUSE_MS = 60_000

/** `audioOnly`: the stream is the audio-only rendition (listening): a renewal answers its playlist. */
export function useStreamGrant(
  videoId: number,
  captionsOfDetail: readonly CaptionLink[],
  audioOnly = false,
): { captions: readonly CaptionLink[]; refreshSource: () => Promise<string | null>; onCaptionsFailed: () => void } {
  const [renewed, setRenewed] = useState<{ videoId: number; captions: CaptionLink[] } | null>(null)
  // When the grant was last renewed here. The detail's own grant does not count: a track refused under
  // it is renewed once (one extra request if the track is simply gone), a renewed one is not.
  const renewedAt = useRef(Number.NEGATIVE_INFINITY)

  const refreshSource = useCallback(async () => {
    renewedAt.current = performance.now()
    const fresh = await freshPlayback(videoId)
    if (fresh) setRenewed({ videoId, captions: fresh.captions })
    return (audioOnly ? fresh?.audioHlsUrl : fresh?.hlsUrl) ?? null
  }, [videoId, audioOnly])

  const onCaptionsFailed = useCallback(() => {
    if (!connectivity.isUp() || performance.now() - renewedAt.current < CAPTION_RENEWAL_PAUSE_MS) return
    refreshSource().catch(() => undefined)
  }, [refreshSource])

  const captions = renewed?.videoId === videoId ? renewed.captions : captionsOfDetail
  return { captions, refreshSource, onCaptionsFailed }
}
