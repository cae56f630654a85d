import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface VideoProgressRow {
  user_id: number
  video_id: number
  spans: string
  covered_seconds: number
  watch_seconds: number
  last_position_seconds: number
  last_watched_at: string
}

export type VideoProgressRepository = ReturnType<typeof createVideoProgressRepository>

export function createVideoProgressRepository(db: Kysely<Database>) {
  return {
    get(userId: number, videoId: number): Promise<VideoProgressRow | undefined> {
      return db.selectFrom('video_progress').selectAll().where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst()
    },
    /** Writes one row or several (the ingest's batch), each replacing the user's row for its video. */
    async save(rows: VideoProgressRow | readonly VideoProgressRow[]): Promise<void> {
      const values = Array.isArray(rows) ? [...rows] : [rows as VideoProgressRow]
      if (values.length === 0) return
      await db
        .insertInto('video_progress')
        .values(values)
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'video_id']).doUpdateSet((eb) => ({
            spans: eb.ref('excluded.spans'),
            covered_seconds: eb.ref('excluded.covered_seconds'),
            watch_seconds: eb.ref('excluded.watch_seconds'),
            last_position_seconds: eb.ref('excluded.last_position_seconds'),
            last_watched_at: eb.ref('excluded.last_watched_at'),
          })),
        )
        .execute()
    },
    /** The user's progress rows in one language, most recently watched first. */
    forLanguage(userId: number, languageCode: string): Promise<Array<VideoProgressRow & { duration_seconds: number }>> {
      return db
        .selectFrom('video_progress as p')
        .innerJoin('videos as v', 'v.id', 'p.video_id')
        .selectAll('p')
        .select('v.duration_seconds')
        .where('p.user_id', '=', userId)
        .where('v.language_code', '=', languageCode)
        .orderBy('p.last_watched_at', 'desc')
        .execute()
    },
    /** The watch time of the user's progress rows in one language: what /me/progress?language= totals. */
    async watchSecondsInLanguage(userId: number, languageCode: string): Promise<number> {
      const { seconds } = await db
        .selectFrom('video_progress as p')
        .innerJoin('videos as v', 'v.id', 'p.video_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('p.watch_seconds'), eb.lit(0)).as('seconds'))
        .where('p.user_id', '=', userId)
        .where('v.language_code', '=', languageCode)
        .executeTakeFirstOrThrow()
      return Number(seconds)
    },
    async forVideos(userId: number, videoIds: readonly number[]): Promise<VideoProgressRow[]> {
      if (videoIds.length === 0) return []
      return db.selectFrom('video_progress').selectAll().where('user_id', '=', userId).where('video_id', 'in', videoIds).execute()
    },
  }
}
