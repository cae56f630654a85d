/**
 * Plays a card's line: its clip when the device has it or the network gives it (data/cards/card-audio.ts,
 * a blob: URL in a hidden <audio>, so it starts from memory), else, where the video is downloaded,
 * the span itself from the download (hls.js on the downloaded playlist in a hidden <video>, from
 * 0.25 s before the line to 0.25 s after, as the clip is cut). Answers what it played from, or 'none'.
 */
import { useCallback, useEffect, useRef } from 'react'
import { clipObjectUrl, offlineSpanSource } from '../../data/cards/card-audio.ts'
import type { PlayableCard } from '../../data/cards/card-types.ts'
import { attachHls, type Playback } from '../../player/hls-playback.ts'

export type PlayedFrom = 'clip' | 'download' | 'none'
const PAD_SECONDS = 0.25

type Playable = Pick<PlayableCard, 'id' | 'audio_url' | 'video_id' | 'start' | 'end'>

export function useClipPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null)
  const videoRef = useRef<HTMLVideoElement | null>(null)
  const span = useRef<{ videoId: number; playback: Playback } | null>(null)
  const stopAt = useRef<number>(Infinity)
  const turn = useRef(0)

  const stop = useCallback(() => {
    audioRef.current?.pause()
    videoRef.current?.pause()
  }, [])

  useEffect(() => {
    const video = videoRef.current
    const onTime = () => {
      if (video && video.currentTime >= stopAt.current) video.pause()
    }
    video?.addEventListener('timeupdate', onTime)
    return () => {
      video?.removeEventListener('timeupdate', onTime)
      span.current?.playback.destroy()
    }
  }, [])

  const play = useCallback(async (card: Playable): Promise<PlayedFrom> => {
    const mine = ++turn.current
    stop()
    // The URL is the clip cache's (card-audio.ts), made when it was fetched ahead and revoked by it.
    const url = await clipObjectUrl(card)
    if (mine !== turn.current) return 'none'
    const audio = audioRef.current
    if (url && audio) {
      audio.src = url
      await audio.play().catch(() => undefined)
      return 'clip'
    }
    const source = await offlineSpanSource(card)
    const video = videoRef.current
    if (!source || !video || mine !== turn.current) return 'none'
    const from = Math.max(0, card.start - PAD_SECONDS)
    if (span.current?.videoId !== card.video_id) {
      span.current?.playback.destroy()
      span.current = { videoId: card.video_id, playback: await attachHls(video, source, { startAt: from }) }
    }
    stopAt.current = card.end + PAD_SECONDS
    video.currentTime = from
    await video.play().catch(() => undefined)
    return 'download'
  }, [stop])

  return { audioRef, videoRef, play, stop }
}
