/**
 * File types told from the first bytes, never from a name or a client's Content-Type.
 * - MP4 / MOV: an ISO-BMFF box at offset 0 whose type is `ftyp` (MOV brand `qt  `); old QuickTime
 *   files may open with `moov`, `mdat`, `wide`, `free` or `skip` instead.
 * - WebM: the EBML magic 1A 45 DF A3.
 * - Images: JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A), WebP (RIFF....WEBP).
 */
export const SNIFF_BYTES = 16

export type SniffedVideo = { type: 'video/mp4' | 'video/quicktime' | 'video/webm'; ext: 'mp4' | 'mov' | 'webm' }
export type SniffedImage = { type: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' }

export function sniffVideo(head: Buffer): SniffedVideo | undefined {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { type: 'video/webm', ext: 'webm' }
  if (head.length < 12) return undefined
  const box = head.toString('latin1', 4, 8)
  if (box === 'ftyp') {
    const brand = head.toString('latin1', 8, 12)
    return brand === 'qt  ' ? { type: 'video/quicktime', ext: 'mov' } : { type: 'video/mp4', ext: 'mp4' }
  }
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return { type: 'video/quicktime', ext: 'mov' }
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
