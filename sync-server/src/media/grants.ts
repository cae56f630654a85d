/**
 * Media grants: the permission to fetch one video's HLS files, carried as a query token beside the
 * media path, so that the path alone names the bytes and a cache in front of us (nginx, a CDN) keeps
 * one copy of a segment for every learner while it checks the token on each request:
 *
 *   /media/v/<mediaKey>/master.m3u8?grant=<userId>.<session>.<mediaKey>.<expiresAtSeconds>.<previewSeconds|0>.<signature>
 *
 * Query strings are not inherited by relative URIs, so the media server writes the grant into every
 * URI of the playlists it sends (media-server.ts). Earlier versions carried the grant in the path
 * (`/media/g/<grant>/…`); those URLs are still answered, for the hour their grants last.
 *
 * The signature is an HMAC of the other fields under the server secret, so a grant is bound to one
 * user, one session and one video, cannot be stretched or moved to another video, and expires within
 * the hour. `session` is the start of the session's token hash (what the sessions table keys on; not
 * the token, which stays secret): the media server re-checks on each playlist that the session is alive
 * and the video still watchable (playlist-access.ts), while segments need only this stateless check.
 * A non-zero preview limit tells the media server to cut playlists at that point and refuse later
 * segments. The signature is read strictly: one grant has one spelling, so one URL (no other base64
 * alphabet, padding or trailing characters).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../clock.ts'
import { isMediaKey } from '../storage/media-paths.ts'

export const GRANT_TTL_SECONDS = 3600
const SIGNATURE_BYTES = 18
/** 18 bytes are exactly 24 base64url characters: no padding, no spare bits. */
const SIGNATURE = /^[A-Za-z0-9_-]{24}$/
/** Hex characters of the session's token hash a grant carries (64 bits: enough to tell sessions apart). */
export const GRANT_SESSION_CHARS = 16
const SESSION = new RegExp(`^[0-9a-f]{${GRANT_SESSION_CHARS}}$`)

export interface Grant {
  userId: number
  /** The first GRANT_SESSION_CHARS of the session's token hash. */
  session: string
  mediaKey: string
  expiresAt: number // epoch seconds
  previewSeconds: number | null
}

export type MediaGrants = ReturnType<typeof createMediaGrants>

/** The query parameter a media URL carries its grant in (captions use the same name). */
export const GRANT_PARAM = 'grant'

/** Where a video's HLS files are served: the cache key of its files is this path and the file's name. */
export function mediaBasePath(mediaKey: string): string {
  return `/media/v/${mediaKey}/`
}

/** The master playlist under a grant; the caption tracks use the same grant (services/captions.service.ts). */
export function playlistUrl(grant: string): string {
  return `${mediaBasePath(grant.split('.')[2] ?? '')}master.m3u8?${GRANT_PARAM}=${grant}`
}

export function createMediaGrants(deps: { secret: string; clock: Clock; ttlSeconds?: number }) {
  const ttl = deps.ttlSeconds ?? GRANT_TTL_SECONDS
  const sign = (payload: string) =>
    createHmac('sha256', `media-grant\n${deps.secret}`).update(payload).digest().subarray(0, SIGNATURE_BYTES).toString('base64url')

  function issue(input: GrantInput): { grant: string; expiresAt: Date } {
    if (!isMediaKey(input.mediaKey)) throw new Error(`not a media key: ${input.mediaKey}`)
    const session = input.tokenHash.slice(0, GRANT_SESSION_CHARS)
    if (!SESSION.test(session)) throw new Error('not a session token hash')
    const expiresAt = Math.floor(deps.clock.now() / 1000) + ttl
    const preview = input.previewSeconds === null ? 0 : Math.max(1, Math.ceil(input.previewSeconds))
    const payload = `${input.userId}.${session}.${input.mediaKey}.${expiresAt}.${preview}`
    return { grant: `${payload}.${sign(payload)}`, expiresAt: new Date(expiresAt * 1000) }
  }

  return {
    issue,

    /** The playlist URL for a player, and when it stops working. */
    playback(input: GrantInput) {
      const { grant, expiresAt } = issue(input)
      return { hls_url: playlistUrl(grant), expires_at: expiresAt.toISOString() }
    },

    /** Convenience for callers that only need the URL. */
    playbackUrl(input: GrantInput): string {
      return playlistUrl(issue(input).grant)
    },

    /** The grant a URL carries, or undefined when it is forged, malformed or expired. */
    verify(grant: string): Grant | undefined {
      const parts = grant.split('.')
      if (parts.length !== 6) return undefined
      const [userIdText, session, mediaKey, expiresText, previewText, signature] = parts
      if (!SIGNATURE.test(signature)) return undefined
      const payload = `${userIdText}.${session}.${mediaKey}.${expiresText}.${previewText}`
      // Compared as text: the one spelling the server writes.
      if (!timingSafeEqual(Buffer.from(signature, 'latin1'), Buffer.from(sign(payload), 'latin1'))) return undefined
      const expiresAt = Number(expiresText)
      if (!Number.isSafeInteger(expiresAt) || expiresAt * 1000 <= deps.clock.now()) return undefined
      const preview = Number(previewText)
      return { userId: Number(userIdText), session, mediaKey, expiresAt, previewSeconds: preview > 0 ? preview : null }
    },
  }
}

export interface GrantInput {
  userId: number
  /** The hash of the session's bearer token, as the sessions table keeps it. */
  tokenHash: string
  mediaKey: string
  previewSeconds: number | null
}
