import { hash, randomBytes } from 'node:crypto'

/** A bearer token: 32 random bytes, URL-safe. Only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** One-shot `hash` (a third of createHash's cost): every signed-in call hashes its token. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex')
}
