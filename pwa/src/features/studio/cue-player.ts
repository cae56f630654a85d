/**
 * Plays one cue alone: from its start to its end, then pauses (or starts it again while looping).
 * Watched each frame rather than on `timeupdate` (four times a second), so it stops within a frame
 * of the cue's end.
 */
export interface CuePlayer {
  play(video: HTMLVideoElement, start: number, end: number, loop: boolean): void
  setLoop(loop: boolean): void
  stop(): void
}

export function createCuePlayer(): CuePlayer {
  let frame = 0
  let looping = false
  const stop = () => {
    cancelAnimationFrame(frame)
    frame = 0
  }
  return {
    play(video, start, end, loop) {
      stop()
      looping = loop
      video.currentTime = start
      void video.play().catch(() => undefined)
      const watch = () => {
        if (video.paused && video.currentTime < end) {
          frame = 0
          return
        }
        if (video.currentTime >= end) {
          if (looping) video.currentTime = start
          else {
            video.pause()
            frame = 0
            return
          }
        }
        frame = requestAnimationFrame(watch)
      }
      frame = requestAnimationFrame(watch)
    },
    setLoop(loop) {
      looping = loop
    },
    stop,
  }
}
