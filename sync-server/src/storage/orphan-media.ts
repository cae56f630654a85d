/**
 * Ladders no row points at (issue 34): a transcode attempt killed after storing its ladder and before
 * the switch, or a switch whose removal of the earlier ladder failed. Found by listing the store's
 * media keys and asking the database; removed once a day old, so a ladder being stored right now (its
 * switch not yet written) is never taken.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isMediaKey } from './media-paths.ts'
import { mediaObjectKey, type MediaStore } from './media-store.ts'

export const ORPHAN_MEDIA_AGE_MS = 24 * 3_600_000

export async function removeOrphanMedia(deps: { db: Kysely<Database>; media: MediaStore; now: number }): Promise<number> {
  const newest = new Map<string, number>()
  for await (const object of deps.media.list('media')) {
    const mediaKey = object.key.split('/')[1] ?? ''
    if (!isMediaKey(mediaKey)) continue
    newest.set(mediaKey, Math.max(newest.get(mediaKey) ?? 0, object.modifiedMs))
  }
  const candidates = [...newest].filter(([, modifiedMs]) => modifiedMs < deps.now - ORPHAN_MEDIA_AGE_MS).map(([key]) => key)
  let removed = 0
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500)
    const used = new Set([
      ...(await deps.db.selectFrom('submissions').select('media_key').where('media_key', 'in', batch).execute()).map((row) => row.media_key),
      ...(await deps.db.selectFrom('videos').select('media_key').where('media_key', 'in', batch).execute()).map((row) => row.media_key),
    ])
    for (const mediaKey of batch) {
      if (used.has(mediaKey)) continue
      await deps.media.removePrefix(mediaObjectKey(mediaKey))
      removed++
    }
  }
  return removed
}
