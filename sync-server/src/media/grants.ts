/**
 * Media grants: the permission to fetch one video's HLS files, carried in the URL path so that every
 * relative URI inside the playlists (variant playlists, init segments, media segments) inherits it and
 * a CDN can cache by URL.
 *
 *   /media/g/<userId>.<mediaKey>.<expiresAtSeconds>.<previewSeconds|0>.<signature>/master.m3u8
 *
 * The signature is an HMAC of the other fields under the server secret, so a grant is bound to one
 * user and one video, cannot be stretched or moved to another video, and expires. A non-zero preview
 * limit tells the media server to cut playlists at that point and refuse later segments.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../clock.ts'
import { isMediaKey } from './media-paths.ts'

export const GRANT_TTL_SECONDS = 6 * 3600
const SIGNATURE_BYTES = 18

export interface Grant {
  userId: number
  mediaKey: string
  expiresAt: number // epoch seconds
  previewSeconds: number | null
}

export type MediaGrants = ReturnType<typeof createMediaGrants>

export function createMediaGrants(deps: { secret: string; clock: Clock; ttlSeconds?: number }) {
  const ttl = deps.ttlSeconds ?? GRANT_TTL_SECONDS
  const sign = (payload: string) =>
    createHmac('sha256', `media-grant\n${deps.secret}`).update(payload).digest().subarray(0, SIGNATURE_BYTES).toString('base64url')

  function issue(input: { userId: number; mediaKey: string; previewSeconds: number | null }): { grant: string; expiresAt: Date } {
    if (!isMediaKey(input.mediaKey)) throw new Error(`not a media key: ${input.mediaKey}`)
    const expiresAt = Math.floor(deps.clock.now() / 1000) + ttl
    const preview = input.previewSeconds === null ? 0 : Math.max(1, Math.ceil(input.previewSeconds))
    const payload = `${input.userId}.${input.mediaKey}.${expiresAt}.${preview}`
    return { grant: `${payload}.${sign(payload)}`, expiresAt: new Date(expiresAt * 1000) }
  }

  return {
    issue,

    /** The playlist URL for a player, and when it stops working. */
    playback(input: { userId: number; mediaKey: string; previewSeconds: number | null }) {
      const { grant, expiresAt } = issue(input)
      return { hls_url: `/media/g/${grant}/master.m3u8`, expires_at: expiresAt.toISOString() }
    },

    /** Convenience for callers that only need the URL. */
    playbackUrl(input: { userId: number; mediaKey: string; previewSeconds: number | null }): string {
      return `/media/g/${issue(input).grant}/master.m3u8`
    },

    /** The grant a URL carries, or undefined when it is forged, malformed or expired. */
    verify(grant: string): Grant | undefined {
      const parts = grant.split('.')
      if (parts.length !== 5) return undefined
      const [userIdText, mediaKey, expiresText, previewText, signature] = parts
      const payload = `${userIdText}.${mediaKey}.${expiresText}.${previewText}`
      const expected = Buffer.from(sign(payload), 'base64url')
      const given = Buffer.from(signature, 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      const expiresAt = Number(expiresText)
      if (!Number.isSafeInteger(expiresAt) || expiresAt * 1000 <= deps.clock.now()) return undefined
      const preview = Number(previewText)
      return { userId: Number(userIdText), mediaKey, expiresAt, previewSeconds: preview > 0 ? preview : null }
    },
  }
}
