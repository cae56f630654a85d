/**
 * Whether a ladder has the audio-only rendition (commute mode, issue 31) and what it weighs, read from
 * its master playlist: a variant whose CODECS are audio alone (media/ffmpeg.ts writes `a48k/` with
 * CODECS="mp4a.40.2"). Ladders made before it have none, and the video detail says so (null), so the
 * PWA offers no audio-only choice for them. A media key's files never change (a new ladder gets a new
 * key), so what was read once is kept.
 */
import { mediaObjectKey, type MediaStore } from '../storage/media-store.ts'

export interface AudioRendition {
  /** The variant playlist, relative to the master (`a48k/index.m3u8`). */
  uri: string
  /** Bits per second: AVERAGE-BANDWIDTH (measured from the files) when written, else BANDWIDTH. */
  bitsPerSecond: number
}

/** The audio-only variant of a master playlist, or null. */
export function audioRenditionOf(master: string): AudioRendition | null {
  const lines = master.split(/\r?\n/).map((line) => line.trim())
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue
    const codecs = /CODECS="([^"]*)"/.exec(line)?.[1]
    if (!codecs || /RESOLUTION=/.test(line) || !codecs.split(',').every((codec) => codec.trim().startsWith('mp4a.'))) continue
    const uri = lines.slice(i + 1).find((next) => next !== '' && !next.startsWith('#'))
    if (!uri || !/^a\d{2,3}k\/index\.m3u8$/.test(uri)) continue
    const average = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0)
    const peak = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0)
    const bitsPerSecond = average > 0 ? average : peak
    return bitsPerSecond > 0 ? { uri, bitsPerSecond } : null
  }
  return null
}

/** The estimated bytes of the audio-only rendition of a video this long. */
export const audioBytesEstimate = (rendition: AudioRendition, durationSeconds: number) => Math.ceil((rendition.bitsPerSecond / 8) * Math.max(0, durationSeconds))

const KEPT = 5000

/** Reads (once per media key) whether a ladder has the audio-only rendition. */
export function createAudioRenditions(store: Pick<MediaStore, 'readText'>) {
  const known = new Map<string, AudioRendition | null>()
  return async function audioRendition(mediaKey: string): Promise<AudioRendition | null> {
    if (known.has(mediaKey)) return known.get(mediaKey)!
    const master = await store.readText(mediaObjectKey(mediaKey, 'master.m3u8')).catch(() => undefined)
    const found = master === undefined ? null : audioRenditionOf(master)
    // A missing master (a ladder still being written, a store that failed) is asked again next time.
    if (master !== undefined) {
      if (known.size >= KEPT) known.clear()
      known.set(mediaKey, found)
    }
    return found
  }
}
