/**
 * The thumbnail rules, checked before uploading so a wrong file is named at once: JPEG, PNG or WebP
 * told by their first bytes (as the server does; a renamed file is refused), and 5 MB at most each.
 * The server checks the same again and stays the authority.
 */
import { THUMBNAIL_MAX_BYTES } from '../../../../contract/limits.ts'

export type ThumbnailProblem = 'type' | 'size'

export function sniffImageType(head: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (head.length >= 8 && png.every((byte, index) => head[index] === byte)) return 'image/png'
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to))
  if (head.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** Null when the file may be uploaded, else what is wrong with it. */
export async function checkThumbnail(file: Blob): Promise<ThumbnailProblem | null> {
  if (file.size > THUMBNAIL_MAX_BYTES) return 'size'
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer())
  return sniffImageType(head) ? null : 'type'
}
