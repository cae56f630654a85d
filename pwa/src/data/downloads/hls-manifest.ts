/**
 * Reading and writing the HLS playlists a download needs. A download stores one rendition; the
 * synthetic master it writes lists only that rendition, so the player never asks for segments of
 * another quality that were never stored.
 */
export interface Variant {
  uri: string
  bandwidth: number
  /** AVERAGE-BANDWIDTH: the server measures it from the files it wrote (0 when absent). */
  averageBandwidth?: number
  width: number
  height: number
  /**
   * The quality as learners and the server name it (360p, 480p, 720p): the picture's short side, so a
   * portrait 720×1280 rendition is 720p, not 1280p. The height when no width is declared.
   */
  quality: number
  /** The #EXT-X-STREAM-INF line as the server wrote it (codecs, resolution), reused offline. */
  streamInf: string
  /** The audio-only rendition (commute mode): audio codecs alone, no picture. Its quality is 0. */
  audioOnly: boolean
}

/**
 * The quality that asks for the audio-only rendition (its "short side" is 0: it has no picture). A
 * download record of quality 0 is an audio-only download.
 */
export const AUDIO_ONLY = 0

export interface MediaPlaylist {
  initUri: string | null
  segments: Array<{ uri: string; duration: number }>
  durationSeconds: number
}

const ATTRIBUTE = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/g

function attributes(line: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const [, key, raw] of line.slice(line.indexOf(':') + 1).matchAll(ATTRIBUTE)) found[key] = raw.replace(/^"|"$/g, '')
  return found
}

/** The short side of a picture, or its height when the width is unknown. */
export function shortSide(width: number, height: number): number {
  return width > 0 && height > 0 ? Math.min(width, height) : height
}

export function parseMaster(text: string): Variant[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim())
  const variants: Variant[] = []
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'))
    if (!uri) return
    const attrs = attributes(line)
    const [width, height] = (attrs.RESOLUTION ?? '0x0').split('x').map(Number)
    const codecs = (attrs.CODECS ?? '').split(',').map((codec) => codec.trim()).filter(Boolean)
    const audioOnly = !attrs.RESOLUTION && codecs.length > 0 && codecs.every((codec) => codec.startsWith('mp4a.'))
    variants.push({ uri, bandwidth: Number(attrs.BANDWIDTH ?? 0), averageBandwidth: Number(attrs['AVERAGE-BANDWIDTH'] ?? 0), width: width || 0, height: height || 0, quality: audioOnly ? AUDIO_ONLY : shortSide(width || 0, height || 0), streamInf: line, audioOnly })
  })
  return variants
}

/**
 * The rendition to store, by quality (the short side). With a quality asked for: that one, else the
 * best below it (720p asked of a video made in 480p and 360p gets 480p), else the lowest there is.
 * Without: the lowest at or above 360p (good on a phone, small on disk), else the highest there is.
 * AUDIO_ONLY asks for the audio-only rendition, and nothing else: a master without one gives none.
 * Otherwise the audio-only rendition is never chosen.
 */
export function chooseVariant(variants: Variant[], preferredQuality?: number): Variant | undefined {
  if (preferredQuality === AUDIO_ONLY) return variants.find((variant) => variant.audioOnly)
  const byQuality = variants.filter((variant) => !variant.audioOnly).sort((a, b) => a.quality - b.quality)
  if (preferredQuality !== undefined && byQuality.length > 0) {
    // Not findLast: the app still runs on browsers from before ES2023 (Chrome 90, Safari 14).
    const below = byQuality.filter((variant) => variant.quality <= preferredQuality)
    return below[below.length - 1] ?? byQuality[0]
  }
  return byQuality.find((variant) => variant.quality >= 360) ?? byQuality[byQuality.length - 1]
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim())
  let initUri: string | null = null
  const segments: MediaPlaylist['segments'] = []
  let duration: number | undefined
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:')) initUri = attributes(line).URI ?? null
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length))
    else if (line !== '' && !line.startsWith('#') && duration !== undefined) {
      segments.push({ uri: line, duration })
      duration = undefined
    }
  }
  return { initUri, segments, durationSeconds: segments.reduce((sum, segment) => sum + segment.duration, 0) }
}

/** The master playlist of a download: the stored rendition alone. */
export function offlineMaster(variant: Variant): string {
  return ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', variant.streamInf, variant.uri, ''].join('\n')
}

/**
 * How many bytes a rendition takes: from its measured AVERAGE-BANDWIDTH when the master has it (the
 * server writes it from the files: within a few per cent), else from BANDWIDTH, a peak that overstates.
 */
export function estimateBytes(variant: Variant, durationSeconds: number): number {
  const bitsPerSecond = variant.averageBandwidth && variant.averageBandwidth > 0 ? variant.averageBandwidth : variant.bandwidth
  return Math.ceil((bitsPerSecond / 8) * durationSeconds)
}
