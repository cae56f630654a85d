/**
 * Downloads in parts. The media server answers `<variant>/part?from=&count=` with several consecutive
 * files of a rendition in one response (init file first, then the segments, numbered as the playlist
 * lists them) and names each file with its size in the X-Part-Files header. Each part is stored as one
 * Cache Storage entry; the stored variant playlist then points into the parts with byte ranges
 * (EXT-X-MAP BYTERANGE, EXT-X-BYTERANGE), which hls.js asks for as Range requests and the service
 * worker cuts from the cached bytes.
 *
 * Why parts: every request costs the browser about the same whatever its size (a connection slot,
 * headers, one cache entry to commit), and a rendition of fifty 600 KB segments paid that fifty times.
 */
import { MEDIA_PART_MAX_FILES } from '../../../../contract/limits.ts'
import type { MediaPlaylist } from './hls-manifest.ts'

const MB = 1024 * 1024
/** The size of a part when the download's size is not considered: the smallest a part is aimed at. */
export const PART_TARGET_BYTES = 4 * MB
/** The largest a part is aimed at: what a download cut off loses at most per part in flight. */
export const PART_MAX_TARGET_BYTES = 24 * MB
/** A download is split into about this many parts, within the bounds above (see partTargetBytes). */
const PARTS_PER_DOWNLOAD = 2

/**
 * The part size for a download of about `totalBytes`: half of it, from 4 to 24 MB. What a download
 * waits for is each part's bytes arriving and then Cache Storage committing them (about 3 ms per MB
 * here, one entry after another, and only once a part's bytes are all in), plus a fixed cost per part
 * (a request, an entry). Measured in Chromium on the 5-minute bench video (29 MB), its parts fetched
 * side by side and each put straight into Cache Storage with no app around them, against the same bytes
 * in one request put there (medians of 9 rounds on a 2-core machine): 6 parts 1.05-1.26x, 3 parts
 * 0.88-1.21x, 2 parts 0.85-1.09x (the floor's own request, measured again in the same rounds, came to
 * 0.77-0.91x of itself: that much is noise). Parts side by side all arrive near the end, so a cut
 * loses every part in flight whatever their number: two parts lose no more than three. Longer videos
 * still come in many 24 MB parts, up to twelve side by side (download-manager.ts).
 */
export function partTargetBytes(totalBytes: number): number {
  return Math.min(PART_MAX_TARGET_BYTES, Math.max(PART_TARGET_BYTES, Math.ceil(totalBytes / PARTS_PER_DOWNLOAD)))
}
/** When a playlist declares no bandwidth, a guess close to the 360p rendition's. */
const FALLBACK_BITS_PER_SECOND = 1_000_000

export interface PartPlan {
  from: number
  count: number
  /** The file names the part should hold, in order. */
  files: string[]
}

export interface PartFile {
  name: string
  size: number
}

/** The rendition's files in part order, each with a size estimated from the bandwidth. */
export function filesToDownload(media: MediaPlaylist, bandwidth: number): Array<{ uri: string; bytes: number }> {
  const bytesPerSecond = (bandwidth > 0 ? bandwidth : FALLBACK_BITS_PER_SECOND) / 8
  return [
    // The init file is a few hundred bytes: it rides with the first segments.
    ...(media.initUri ? [{ uri: media.initUri, bytes: 0 }] : []),
    ...media.segments.map((segment) => ({ uri: segment.uri, bytes: Math.ceil(segment.duration * bytesPerSecond) })),
  ]
}

/**
 * Consecutive files grouped into parts of about `targetBytes`, evened out so the last part is not a
 * stub: the estimated total is split into ceil(total / target) equal shares and a part ends at the
 * file that reaches its share. Every part holds at least one file and at most `maxFiles`.
 */
export function groupIntoParts(files: Array<{ uri: string; bytes: number }>, targetBytes = PART_TARGET_BYTES, maxFiles = MEDIA_PART_MAX_FILES): PartPlan[] {
  const total = files.reduce((sum, file) => sum + file.bytes, 0)
  const share = total / Math.max(1, Math.ceil(total / targetBytes))
  const parts: PartPlan[] = []
  let current: PartPlan | undefined
  let reached = 0
  files.forEach((file, index) => {
    if (!current) {
      current = { from: index, count: 0, files: [] }
      parts.push(current)
    }
    current.count++
    current.files.push(file.uri)
    reached += file.bytes
    // A small epsilon: shares are fractions, sums of estimates are whole.
    if (current.count >= maxFiles || (share > 0 && reached >= share * parts.length - 0.5)) current = undefined
  })
  return parts
}

/** The cache entry name of the part starting at file `from` (relative to the variant playlist). */
export const partName = (from: number) => `part_${String(from).padStart(3, '0')}.bin`

/** The part request, relative to the variant playlist. */
export const partRequest = (part: PartPlan) => `part?from=${part.from}&count=${part.count}`

/** The X-Part-Files header (`init.mp4=812,seg_000.m4s=40211`), or undefined when malformed. */
export function parsePartFiles(header: string | null): PartFile[] | undefined {
  if (!header) return undefined
  const files: PartFile[] = []
  for (const item of header.split(',')) {
    const match = /^\s*([^=\s]+)=(\d+)\s*$/.exec(item)
    if (!match) return undefined
    files.push({ name: match[1], size: Number(match[2]) })
  }
  return files
}

/** Whether a part's listed files are exactly the planned ones, in order. */
export function holdsPlannedFiles(part: PartPlan, files: PartFile[] | undefined): files is PartFile[] {
  return files !== undefined && files.length === part.files.length && files.every((file, index) => file.name === part.files[index])
}

export interface StoredPart {
  name: string
  files: PartFile[]
}

/**
 * The variant playlist rewritten to point into the stored parts: the init file becomes
 * `#EXT-X-MAP:URI="part_000.bin",BYTERANGE="<length>@<offset>"`, and each segment
 * `#EXT-X-BYTERANGE:<length>@<offset>` followed by its part. Every other line stays as the server
 * wrote it. Throws when a file of the playlist is in no part (the download is not whole).
 */
export function byteRangePlaylist(variantText: string, parts: StoredPart[]): string {
  const where = new Map<string, { part: string; offset: number; length: number }>()
  for (const part of parts) {
    let offset = 0
    for (const file of part.files) {
      where.set(file.name, { part: part.name, offset, length: file.size })
      offset += file.size
    }
  }
  const locate = (uri: string) => {
    const found = where.get(uri)
    if (!found) throw new Error(`${uri} is in no stored part`)
    return found
  }
  const out: string[] = []
  for (const raw of variantText.split(/\r?\n/)) {
    const line = raw.trim()
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]*)"/.exec(line)?.[1] ?? ''
      const at = locate(uri)
      out.push(`#EXT-X-MAP:URI="${at.part}",BYTERANGE="${at.length}@${at.offset}"`)
    } else if (line.startsWith('#EXT-X-VERSION:')) {
      // Byte ranges need version 4 (fMP4 playlists already say 6 or 7).
      out.push(`#EXT-X-VERSION:${Math.max(4, Number.parseInt(line.slice('#EXT-X-VERSION:'.length), 10) || 0)}`)
    } else if (line !== '' && !line.startsWith('#')) {
      const at = locate(line)
      out.push(`#EXT-X-BYTERANGE:${at.length}@${at.offset}`, at.part)
    } else {
      out.push(raw)
    }
  }
  return out.join('\n')
}
