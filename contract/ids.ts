/**
 * UUIDv7 client ids (RFC 9562): 48 bits of Unix milliseconds, then random bits. Time-ordered keys
 * land at the end of the server's index, which keeps batch inserts fast; any UUID is accepted.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  let time = now
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256
    time = Math.floor(time / 256)
  }
  bytes[6] = (bytes[6] & 0x0f) | 0x70
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The server's ids as they appear in paths and metadata: plain decimal, 1 or more, no sign, no
 * spaces, no exponent or hex ("0x7", "1e1", "+7", " 7", "7.0" are not ids), and no leading zeros:
 * "07" is refused too, so each resource has exactly one address (a cache or a log never holds two
 * spellings of one id). Answers the number, or null.
 */
export function parsePlainId(text: unknown): number | null {
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,15}$/.test(text)) return null
  const id = Number(text)
  return Number.isSafeInteger(id) ? id : null
}
