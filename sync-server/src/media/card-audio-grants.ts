/**
 * The grant a saved line's audio URL carries (issue 43): one per learner's session, not one per video,
 * so a page of 500 cards signs once and each URL is short:
 *
 *   /api/v1/cards/<client_id>/audio?grant=<userId>.<session>.<expiresAtSeconds>.<signature>
 *
 * Signed (an HMAC of the other fields under the server secret, its own domain apart from the video
 * grants', so neither passes for the other), bound to the session (`session`: the start of its token
 * hash, as media/grants.ts) and expiring within the hour. It names no video: what it reaches is checked
 * on every fetch (services/cards-library.service.ts) against the card's video as it is now — the card
 * the grant's learner's, the session alive, the video watchable by them, a preview's line before its
 * cut — which is stricter than a video grant's stateless segments. The bytes under the path never
 * change, so the service worker keeps them by path, whatever grant fetched them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../clock.ts'
import { GRANT_SESSION_CHARS, GRANT_TTL_SECONDS } from './grants.ts'

const SIGNATURE_BYTES = 18
/** 18 bytes are exactly 24 base64url characters: one spelling per grant. */
const SIGNATURE = /^[A-Za-z0-9_-]{24}$/
const SESSION = new RegExp(`^[0-9a-f]{${GRANT_SESSION_CHARS}}$`)
const NUMBER = /^[1-9][0-9]{0,15}$/

export interface CardAudioGrant {
  userId: number
  /** The first GRANT_SESSION_CHARS of the session's token hash. */
  session: string
  expiresAt: number // epoch seconds
}

export type CardAudioGrants = ReturnType<typeof createCardAudioGrants>

export function createCardAudioGrants(deps: { secret: string; clock: Clock; ttlSeconds?: number }) {
  const ttl = deps.ttlSeconds ?? GRANT_TTL_SECONDS
  const sign = (payload: string) =>
    createHmac('sha256', `card-audio-grant\n${deps.secret}`).update(payload).digest().subarray(0, SIGNATURE_BYTES).toString('base64url')

  return {
    /** A grant for the session's learner's card audio, for the next hour. */
    issue(userId: number, tokenHash: string): string {
      const session = tokenHash.slice(0, GRANT_SESSION_CHARS)
      if (!SESSION.test(session)) throw new Error('not a session token hash')
      const payload = `${userId}.${session}.${Math.floor(deps.clock.now() / 1000) + ttl}`
      return `${payload}.${sign(payload)}`
    },

    /** The grant, or undefined when it is forged, malformed or expired. */
    verify(grant: string): CardAudioGrant | undefined {
      const parts = grant.split('.')
      if (parts.length !== 4) return undefined
      const [userIdText, session, expiresText, signature] = parts as [string, string, string, string]
      if (!NUMBER.test(userIdText) || !SESSION.test(session) || !NUMBER.test(expiresText) || !SIGNATURE.test(signature)) return undefined
      const payload = `${userIdText}.${session}.${expiresText}`
      if (!timingSafeEqual(Buffer.from(signature, 'latin1'), Buffer.from(sign(payload), 'latin1'))) return undefined
      const expiresAt = Number(expiresText)
      if (expiresAt * 1000 <= deps.clock.now()) return undefined
      return { userId: Number(userIdText), session, expiresAt }
    },
  }
}
