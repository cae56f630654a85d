import type { Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type RatingRow = Row<'video_ratings'>

/** What a rating needs to know of a video: it is published, its length and level, and its running sums. */
export interface RatableVideoRow {
  id: number
  language_code: string
  proficiency_level: Database['videos']['proficiency_level']
  duration_seconds: number
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>

/** `db` may be a transaction: the ratings service builds one over its transaction. */
export function createRatingsRepository(db: Kysely<Database>) {
  return {
    async storedClientIds(userId: number, clientIds: readonly string[]): Promise<Set<string>> {
      if (clientIds.length === 0) return new Set()
      const rows = await db.selectFrom('rating_receipts').select('client_id').where('user_id', '=', userId).where('client_id', 'in', clientIds).execute()
      return new Set(rows.map((row) => row.client_id))
    },
    async publishedVideos(videoIds: readonly number[]): Promise<RatableVideoRow[]> {
      if (videoIds.length === 0) return []
      return db
        .selectFrom('videos')
        .select(['id', 'language_code', 'proficiency_level', 'duration_seconds'])
        .where('id', 'in', videoIds)
        .where('published_at', 'is not', null)
        .execute()
    },
    /** The user's kept ratings of these videos. */
    async forVideos(userId: number, videoIds: readonly number[]): Promise<RatingRow[]> {
      if (videoIds.length === 0) return []
      return db.selectFrom('video_ratings').selectAll().where('user_id', '=', userId).where('video_id', 'in', videoIds).execute()
    },
    /** Only what the cards show (my_rating), for a page of the list. */
    async understoodOf(userId: number, videoIds: readonly number[]): Promise<Array<{ video_id: number; understood: number }>> {
      if (videoIds.length === 0) return []
      return db.selectFrom('video_ratings').select(['video_id', 'understood']).where('user_id', '=', userId).where('video_id', 'in', videoIds).execute()
    },
    /** Every rating the user keeps in a language, with the video's score now. */
    forLanguage(userId: number, languageCode: string): Promise<Array<{ video_id: number; understood: number; difficulty: number | null }>> {
      return db
        .selectFrom('video_ratings as r')
        .innerJoin('videos as v', 'v.id', 'r.video_id')
        .select(['r.video_id', 'r.understood', 'v.difficulty'])
        .where('r.user_id', '=', userId)
        .where('v.language_code', '=', languageCode)
        .execute()
    },
    /** Inserts receipts; answers how many were new (a receipt stored meanwhile is not counted). */
    async insertReceipts(rows: ReadonlyArray<Row<'rating_receipts'>>): Promise<number> {
      if (rows.length === 0) return 0
      const inserted = await db
        .insertInto('rating_receipts')
        .values([...rows])
        .onConflict((conflict) => conflict.doNothing())
        .returning('client_id')
        .execute()
      return inserted.length
    },
    /** Writes the user's kept rating of a video, replacing the one there. */
    async save(rows: readonly RatingRow[]): Promise<void> {
      if (rows.length === 0) return
      await db
        .insertInto('video_ratings')
        .values([...rows])
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'video_id']).doUpdateSet((eb) => ({
            client_id: eb.ref('excluded.client_id'),
            understood: eb.ref('excluded.understood'),
            occurred_at: eb.ref('excluded.occurred_at'),
            rater_input_seconds: eb.ref('excluded.rater_input_seconds'),
            evidence: eb.ref('excluded.evidence'),
            received_at: eb.ref('excluded.received_at'),
          })),
        )
        .execute()
    },
    /**
     * Adds to a video's running count and evidence sum in one statement (so concurrent raters of one
     * video each add theirs; PostgreSQL holds the row locked until the transaction ends) and answers
     * the sums after it, with the level, for the score.
     */
    addToSums(videoId: number, countDelta: number, evidenceDelta: number) {
      return db
        .updateTable('videos')
        .set((eb) => ({
          rating_count: eb('rating_count', '+', countDelta),
          rating_evidence_sum: eb('rating_evidence_sum', '+', evidenceDelta),
        }))
        .where('id', '=', videoId)
        .returning(['rating_count', 'rating_evidence_sum', 'proficiency_level'])
        .executeTakeFirstOrThrow()
    },
    /** Every rating the user keeps, any language. */
    allOf(userId: number): Promise<RatingRow[]> {
      return db.selectFrom('video_ratings').selectAll().where('user_id', '=', userId).orderBy('video_id').execute()
    },
    async deleteAllOf(userId: number): Promise<void> {
      await db.deleteFrom('video_ratings').where('user_id', '=', userId).execute()
      await db.deleteFrom('rating_receipts').where('user_id', '=', userId).execute()
    },
    async setDifficulty(videoId: number, difficulty: number | null, rank: number): Promise<void> {
      await db.updateTable('videos').set({ difficulty, difficulty_rank: rank }).where('id', '=', videoId).execute()
    },
  }
}
