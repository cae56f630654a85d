/**
 * Fullscreen for the player's stage (the picture with the line tools under it): phones turn to
 * landscape for a landscape video where the browser allows it; iPhone Safari, which has no element
 * fullscreen, gets its own video fullscreen.
 */
export async function toggleFullscreen(stage: HTMLElement | null, video: HTMLVideoElement | null): Promise<void> {
  if (!stage || !video) return
  if (document.fullscreenElement) {
    screen.orientation?.unlock?.()
    await document.exitFullscreen().catch(() => undefined)
    return
  }
  if (stage.requestFullscreen) {
    await stage.requestFullscreen({ navigationUI: 'hide' }).catch(() => undefined)
    // Phones turn to landscape for a landscape video where the browser allows it (not iOS Safari).
    const landscape = video.videoWidth >= video.videoHeight
    const orientation = screen.orientation as ScreenOrientation & { lock?: (orientation: string) => Promise<void> }
    if (landscape && document.fullscreenElement && orientation?.lock) await orientation.lock('landscape').catch(() => undefined)
  } else {
    // iPhone Safari has no element fullscreen: its own video fullscreen (with its own controls).
    ;(video as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.()
  }
}
