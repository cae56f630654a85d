import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { PersonalTable } from '../db/personal-data.ts'

export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>

export interface WatchHistoryRow {
  occurred_at: string
  day: string
  video_id: number
  video_title: string | null
  watched_seconds: number
  position_from: number
  position_to: number
  playback_rate: number
  /** watched or listened (audio only). */
  mode: 'watched' | 'listened'
}

/**
 * Reads one person's rows page by page (keyset on the table's key, never OFFSET), so an export of a
 * heavy year holds one page in memory at a time on either engine.
 */
export function createAccountExportRepository(db: Kysely<Database>) {
  // The tables are chosen from PERSONAL_TABLES at run time, so the builder cannot type their columns.
   
  const anyDb = db as unknown as Kysely<any>

  return {
    async *pagesOf(spec: PersonalTable, owner: { id: number; email: string }, pageSize: number): AsyncGenerator<Record<string, unknown>[]> {
      const ownerValue = spec.owner === 'user_id' ? owner.id : owner.email
      let after: unknown
      for (;;) {
        let query = anyDb.selectFrom(spec.table).selectAll().where(spec.owner, '=', ownerValue)
        if (after !== undefined) query = query.where(spec.key, '>', after)
        const rows = (await query.orderBy(spec.key).limit(pageSize).execute()) as Record<string, unknown>[]
        if (rows.length > 0) yield rows
        if (rows.length < pageSize) return
        after = rows[rows.length - 1][spec.key]
      }
    },

    /** The watch history with each video's title, in the order the events were made (UUIDv7 ids). */
    async *watchHistoryPages(userId: number, pageSize: number): AsyncGenerator<WatchHistoryRow[]> {
      let after: string | undefined
      for (;;) {
        let query = db
          .selectFrom('watch_events as e')
          .leftJoin('videos as v', 'v.id', 'e.video_id')
          .select(['e.client_id', 'e.occurred_at', 'e.day', 'e.video_id', 'v.title as video_title', 'e.watched_seconds', 'e.position_from', 'e.position_to', 'e.playback_rate', 'e.mode'])
          .where('e.user_id', '=', userId)
        if (after !== undefined) query = query.where('e.client_id', '>', after)
        const rows = await query.orderBy('e.client_id').limit(pageSize).execute()
        if (rows.length > 0) yield rows.map(({ client_id: _clientId, ...row }) => row)
        if (rows.length < pageSize) return
        after = rows[rows.length - 1].client_id
      }
    },
  }
}
