/**
 * What the video page plays: the download when it holds what is asked for (the video, or the audio
 * alone in listening), else the stream of that kind where one can start; and whether the other way
 * (watching or listening) can play now, to offer the switch.
 */
import type { DownloadKind } from '../../data/downloads/record.ts'

export interface PlaybackInput {
  listening: boolean
  /** What the finished download holds; null: none; undefined: not known yet. */
  downloadedKind: DownloadKind | null | undefined
  /** The video's stream and audio stream where a stream can start now (a fresh grant, online), else null. */
  videoStream: string | null
  audioStream: string | null
  /** The downloaded copy's master playlist. */
  offlineUrl: string
}

export function playbackChoice({ listening, downloadedKind, videoStream, audioStream, offlineUrl }: PlaybackInput): { src: string | null; fromDownload: boolean; canSwitch: boolean } {
  const fromDownload = listening ? downloadedKind === 'audio' : downloadedKind === 'video'
  const src = fromDownload ? offlineUrl : listening ? audioStream : videoStream
  const canSwitch = listening ? downloadedKind === 'video' || videoStream !== null : downloadedKind === 'audio' || audioStream !== null
  return { src, fromDownload, canSwitch }
}
