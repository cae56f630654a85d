/**
 * Reading and writing the HLS playlists a download needs. A download stores one rendition; the
 * synthetic master it writes lists only that rendition, so the player never asks for segments of
 * another quality that were never stored.
 */
export interface Variant {
  uri: string
  bandwidth: number
  width: number
  height: number
  /** The #EXT-X-STREAM-INF line as the server wrote it (codecs, resolution), reused offline. */
  streamInf: string
}

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

export function parseMaster(text: string): Variant[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim())
  const variants: Variant[] = []
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'))
    if (!uri) return
    const attrs = attributes(line)
    const [width, height] = (attrs.RESOLUTION ?? '0x0').split('x').map(Number)
    variants.push({ uri, bandwidth: Number(attrs.BANDWIDTH ?? 0), width: width || 0, height: height || 0, streamInf: line })
  })
  return variants
}

/**
 * The rendition to store: the one asked for by height if present, else the lowest at or above 360p
 * (good on a phone, small on disk), else the highest there is.
 */
export function chooseVariant(variants: Variant[], preferredHeight?: number): Variant | undefined {
  const byHeight = [...variants].sort((a, b) => a.height - b.height)
  if (preferredHeight !== undefined) {
    const exact = byHeight.find((variant) => variant.height === preferredHeight)
    if (exact) return exact
  }
  return byHeight.find((variant) => variant.height >= 360) ?? byHeight[byHeight.length - 1]
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

/** Roughly how many bytes a rendition takes, from its declared bandwidth. */
export function estimateBytes(variant: Variant, durationSeconds: number): number {
  return Math.ceil((variant.bandwidth / 8) * durationSeconds)
}
