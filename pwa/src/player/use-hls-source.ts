/**
 * The player's source: hls.js attached to the video element for `src` (again when the element or the
 * source changes), its qualities and fatal errors handed to the controller, play started when asked.
 */
import { useEffect } from 'react'
import type { PlayerController } from './controller.ts'
import { attachHls } from './hls-playback.ts'

export function useHlsSource(
  controller: PlayerController,
  video: HTMLVideoElement | null,
  src: string,
  { startAt, refreshSource, autoPlay }: { startAt: number; refreshSource?: () => Promise<string | null>; autoPlay: boolean },
): void {
  useEffect(() => {
    if (!video) return
    let live = true
    let attached: Awaited<ReturnType<typeof attachHls>> | null = null
    controller.setFailed(null)
    void attachHls(video, src, {
      startAt,
      // A task of its own: the menu re-renders outside hls.js's handling of the manifest, two short tasks
      // on a phone rather than one long one (issue 32); the list sits in the closed settings sheet.
      onQualities: (list) => setTimeout(() => live && controller.setQualities(list)),
      onFatal: (kind) => live && controller.setFailed(kind),
      refreshSource: refreshSource && (() => (live ? refreshSource() : Promise.resolve(null))),
    })
      .then((result) => {
        attached = result
        if (live) controller.setPlayback(result)
        else result.destroy()
        if (live && autoPlay) video.play().catch(() => undefined)
      })
      .catch(() => live && controller.setFailed('media'))
    return () => {
      live = false
      attached?.destroy()
      controller.setPlayback(null)
    }
    // startAt is read once per source: a later progress refresh must not restart the video.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, src])
}
