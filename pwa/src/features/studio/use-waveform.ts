/**
 * The waveform for the Fix step's timeline: asked once, asked again after the server's `Retry-After`
 * while its job is making it (202), and again after a while when the network fails; `none` (404)
 * stays none, the timeline then draws the cues over an empty track.
 */
import { useEffect, useState, type RefObject } from 'react'
import { fetchWaveform, type WaveformState } from '../../data/studio/index.ts'

const OFFLINE_RETRY_SECONDS = 15

export type WaveformView = WaveformState | { state: 'loading' }

export function useWaveform(submissionId: number): WaveformView {
  // Each answer is kept with the submission it is for, so another submission's starts as loading.
  const [answer, setAnswer] = useState<{ id: number; view: WaveformView } | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    const setView = (view: WaveformView) => setAnswer({ id: submissionId, view })
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = () => {
      fetchWaveform(submissionId, abort.signal).then(
        (answer) => {
          if (abort.signal.aborted) return
          setView(answer)
          if (answer.state === 'pending') timer = setTimeout(ask, answer.retryAfterSeconds * 1000)
        },
        () => {
          if (!abort.signal.aborted) timer = setTimeout(ask, OFFLINE_RETRY_SECONDS * 1000)
        },
      )
    }
    ask()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [submissionId])
  return answer && answer.id === submissionId ? answer.view : { state: 'loading' }
}

/** The video's length once its metadata is in (0 before), for a timeline drawn without a waveform. */
export function useVideoDuration(videoRef: RefObject<HTMLVideoElement | null>): number {
  const [duration, setDuration] = useState(0)
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const read = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0)
    read()
    video.addEventListener('durationchange', read)
    video.addEventListener('loadedmetadata', read)
    return () => {
      video.removeEventListener('durationchange', read)
      video.removeEventListener('loadedmetadata', read)
    }
  }, [videoRef])
  return duration
}
