/**
 * File types told from the first bytes, never from a name or a client's Content-Type.
 * - MP4 / MOV: an ISO-BMFF box at offset 0 whose type is `ftyp` and whose brands say video. A major
 *   brand we know decides: an MP4 video brand (`isom`, `iso2`–`iso9`, `mp41`, `mp42`, `avc1`, `dash`,
 *   `M4V `, …) passes, `qt  ` as MOV; an image or audio brand (HEIC/HEIF, AVIF, M4A, M4B, …) fails even
 *   though such files list `isom` or `mp42` among their compatible brands. Any other major brand (3GP's
 *   `3gp4`, a camera maker's own) passes only when a compatible brand is a video brand and none is an
 *   image or audio one, so 3GP counts only when it is also branded MP4. Old QuickTime files may open
 *   with `moov`, `mdat`, `wide`, `free` or `skip` instead.
 * - WebM: the EBML magic 1A 45 DF A3 with DocType (ID 42 82) "webm" in that header; other Matroska
 *   (.mkv, .mka: DocType "matroska", the default when none is written) fails.
 * - Images: JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A), WebP (RIFF....WEBP).
 * Brands and DocType name the container, not its tracks: an audio-only file branded `mp42`, or a WebM
 * with only sound, passes here.
 */

/** Enough for an `ftyp` box or an EBML header as cameras and encoders write them (20 to 60 bytes). */
export const SNIFF_BYTES = 256

export type SniffedVideo = { type: 'video/mp4' | 'video/quicktime' | 'video/webm'; ext: 'mp4' | 'mov' | 'webm' }
export type SniffedImage = { type: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' }

const MP4: SniffedVideo = { type: 'video/mp4', ext: 'mp4' }
const MOV: SniffedVideo = { type: 'video/quicktime', ext: 'mov' }
const WEBM: SniffedVideo = { type: 'video/webm', ext: 'webm' }

const MOV_BRAND = 'qt  '
/** MP4 brands that video files carry (iPhone: `qt  `; Android and most cameras: `isom`, `mp42`). */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'dash',
  'M4V ', 'M4VH', 'M4VP', 'mmp4',
])
/** Brands of stills and image sequences (HEIF/HEIC, AVIF, AVCI, JPEG-in-HEIF, Canon CR3) and of audio. */
const NOT_VIDEO_BRANDS = new Set([
  'mif1', 'mif2', 'msf1', 'miaf', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs',
  'avif', 'avis', 'MA1A', 'MA1B', 'avci', 'avcs', 'jpeg', 'jpgs', 'crx ',
  'M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ',
])

const EBML_MAGIC = 0x1a45dfa3
const EBML_DOCTYPE = 0x4282

export function sniffVideo(head: Buffer): SniffedVideo | undefined {
  if (head.length >= 4 && head.readUInt32BE(0) === EBML_MAGIC) return ebmlDocType(head) === 'webm' ? WEBM : undefined
  if (head.length < 12) return undefined
  const box = head.toString('latin1', 4, 8)
  if (box === 'ftyp') return sniffFtyp(head)
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return MOV
  return undefined
}

/** The `ftyp` box: size, type, major brand, minor version, then compatible brands to the box's end. */
function sniffFtyp(head: Buffer): SniffedVideo | undefined {
  const size = head.readUInt32BE(0)
  // 0 (to the end of the file) and 1 (64-bit size) are never a real ftyp.
  if (size < 16 || head.length < 16) return undefined
  const major = head.toString('latin1', 8, 12)
  if (major === MOV_BRAND) return MOV
  if (MP4_BRANDS.has(major)) return MP4
  if (NOT_VIDEO_BRANDS.has(major)) return undefined
  const compatible: string[] = []
  for (let at = 16; at + 4 <= Math.min(size, head.length); at += 4) compatible.push(head.toString('latin1', at, at + 4))
  if (compatible.some((brand) => NOT_VIDEO_BRANDS.has(brand))) return undefined
  if (compatible.some((brand) => MP4_BRANDS.has(brand))) return MP4
  if (compatible.includes(MOV_BRAND)) return MOV
  return undefined
}

/**
 * An EBML variable-size integer at `at`: its length (1 to 8 bytes, from the leading zero bits of the
 * first byte) and its value, without the length marker unless `keepMarker` (element IDs keep it).
 * Undefined when it runs past the bytes we have.
 */
function vint(bytes: Buffer, at: number, keepMarker = false): { length: number; value: number } | undefined {
  if (at >= bytes.length || bytes[at] === 0) return undefined
  const length = Math.clz32(bytes[at]) - 23
  if (at + length > bytes.length) return undefined
  let value = keepMarker ? bytes[at] : bytes[at] & (0xff >> length)
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]
  return { length, value }
}

/** The DocType string of the EBML header at offset 0 (NUL padding dropped), if it is in `head`. */
function ebmlDocType(head: Buffer): string | undefined {
  const headerSize = vint(head, 4)
  if (!headerSize) return undefined
  let at = 4 + headerSize.length
  // An unknown size (all ones) is huge here, so the search stops at the end of `head`.
  const end = Math.min(head.length, at + headerSize.value)
  while (at < end) {
    const id = vint(head, at, true)
    if (!id || id.length > 4) return undefined
    const size = vint(head, at + id.length)
    if (!size) return undefined
    const start = at + id.length + size.length
    if (id.value === EBML_DOCTYPE) {
      return start + size.value <= end ? head.toString('latin1', start, start + size.value).replace(/\0+$/, '') : undefined
    }
    at = start + size.value
  }
  return undefined
}

export function sniffImage(head: Buffer): SniffedImage | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { type: 'image/jpeg', ext: 'jpg' }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: 'image/png', ext: 'png' }
  }
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    return { type: 'image/webp', ext: 'webp' }
  }
  return undefined
}
