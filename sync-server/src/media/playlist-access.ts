/**
 * The re-check a playlist request makes (api-contract "Hardening": grants are bound to the session).
 * A grant stays signed for up to an hour, but its playlists are served only while
 * - the session it was issued to is alive (not logged out, not expired), and
 * - the video still plays as the grant says for that user: a full grant needs full access now (a
 *   learner who lost premium loses a premium video, and a preview video's full grant), a preview
 *   grant any access; or the grant opens a submission its owner (a contributor still) or an admin
 *   reviews, as the submissions API hands out.
 * Answers are kept for PLAYLIST_ACCESS_CACHE_MS, so a change shows within that time, and a player
 * loading playlists costs a map lookup. Segments are not re-checked: they keep the stateless HMAC.
 */
import type { Clock } from '../clock.ts'
import type { MediaAccessRepository } from '../repositories/media-access.repository.ts'
import { canContribute } from '../rules/contributor-roles.ts'
import { canWatch } from '../rules/access.ts'
import type { Grant } from './grants.ts'

export const PLAYLIST_ACCESS_CACHE_MS = 60_000
/** Cached answers kept at most; past it the cache starts again (answers are cheap to find). */
const MAX_CACHED = 10_000

export type PlaylistAccess = ReturnType<typeof createPlaylistAccess>

export function createPlaylistAccess(deps: { access: MediaAccessRepository; clock: Clock }) {
  const cache = new Map<string, { allowed: boolean; until: number }>()

  async function check(grant: Grant, now: number): Promise<boolean> {
    const user = await deps.access.sessionUser(grant.userId, grant.session, now)
    if (!user) return false
    const video = await deps.access.videoByMediaKey(grant.mediaKey)
    if (video) {
      const access = canWatch(video, user)
      if (access === 'full' || (access === 'preview' && grant.previewSeconds !== null)) return true
    }
    if (grant.previewSeconds !== null) return false
    const owners = await deps.access.submissionOwners(grant.mediaKey)
    return owners.length > 0 && (user.is_admin === 1 || (canContribute(user) && owners.includes(grant.userId)))
  }

  return {
    /** Whether the grant's playlists may still be served. */
    async allows(grant: Grant): Promise<boolean> {
      const now = deps.clock.now()
      const key = `${grant.userId}.${grant.session}.${grant.mediaKey}.${grant.previewSeconds ?? 0}`
      const cached = cache.get(key)
      if (cached && cached.until > now) return cached.allowed
      const allowed = await check(grant, now)
      if (cache.size >= MAX_CACHED) cache.clear()
      cache.set(key, { allowed, until: now + PLAYLIST_ACCESS_CACHE_MS })
      return allowed
    },
  }
}
