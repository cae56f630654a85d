/**
 * Saved lines (migration 0040): a learner's cards with their schedules, their reviews and the removals
 * received. SQL only; the rules are services/cards.service.ts's.
 */
import type { Kysely } from 'kysely'
import type { Database, NewRow, Row } from '../db/schema.ts'

export type CardRow = Row<'cards'>
export type CardReviewRow = Row<'card_reviews'>
export type ScheduleColumns = Pick<
  CardRow,
  'state' | 'due_ms' | 'stability' | 'difficulty' | 'reps' | 'lapses' | 'scheduled_days' | 'learning_steps' | 'elapsed_days' | 'last_review_ms' | 'last_review_client_id'
>

/** The columns GET /me/cards and the export read (the page's cost is in its bytes: no column more). */
export const LISTED = [
  'c.client_id',
  'c.video_id',
  'c.start_seconds',
  'c.end_seconds',
  'c.text',
  'c.translation',
  'c.created_at',
  'c.state',
  'c.due_ms',
  'c.stability',
  'c.difficulty',
  'c.reps',
  'c.lapses',
  'c.scheduled_days',
  'c.learning_steps',
  'c.elapsed_days',
  'c.last_review_ms',
  'c.last_review_client_id',
  'c.clip_path',
  'c.changed_ms',
] as const
/** A learner's cards of one language with the listed columns and their video's title: both list orders start here. */
export function listedCardsOf(db: Kysely<Database>, userId: number, languageCode: string) {
  return db
    .selectFrom('cards as c')
    .innerJoin('videos as v', 'v.id', 'c.video_id')
    .select(LISTED)
    .select('v.title as video_title')
    .where('c.user_id', '=', userId)
    .where('c.language_code', '=', languageCode)
}
/** A card as GET /me/cards lists it: its columns and its video's title. */
export type ListedCardRow = Pick<CardRow, (typeof LISTED)[number] extends `c.${infer C}` ? C & keyof CardRow : never> & {
  video_title: string
}

export function createCardsRepository(db: Kysely<Database>) {
  return {
    /** The cards of these client ids, by client id. */
    async byClientIds(userId: number, clientIds: readonly string[]): Promise<Map<string, CardRow>> {
      if (clientIds.length === 0) return new Map()
      const rows = await db.selectFrom('cards').selectAll().where('user_id', '=', userId).where('client_id', 'in', [...new Set(clientIds)]).execute()
      return new Map(rows.map((row) => [row.client_id, row]))
    },
    /** The cards of a video whose line starts within `within` seconds of `start`. */
    sameLine(userId: number, videoId: number, start: number, within: number): Promise<Array<Pick<CardRow, 'client_id'>>> {
      return db
        .selectFrom('cards')
        .select('client_id')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .where('start_seconds', '>=', start - within)
        .where('start_seconds', '<=', start + within)
        .execute()
    },
    async insert(row: NewRow<'cards'>): Promise<number> {
      const inserted = await db.insertInto('cards').values(row).returning('id').executeTakeFirstOrThrow()
      return inserted.id
    },
    /** The card ids (of these client ids) that were removed. */
    async removedClientIds(userId: number, cardClientIds: readonly string[]): Promise<Set<string>> {
      if (cardClientIds.length === 0) return new Set()
      const rows = await db
        .selectFrom('card_removals')
        .select('card_client_id')
        .where('user_id', '=', userId)
        .where('card_client_id', 'in', [...new Set(cardClientIds)])
        .execute()
      return new Set(rows.map((row) => row.card_client_id))
    },
    async storedRemovals(userId: number, clientIds: readonly string[]): Promise<Set<string>> {
      if (clientIds.length === 0) return new Set()
      const rows = await db.selectFrom('card_removals').select('client_id').where('user_id', '=', userId).where('client_id', 'in', [...new Set(clientIds)]).execute()
      return new Set(rows.map((row) => row.client_id))
    },
    async insertRemoval(row: NewRow<'card_removals'>): Promise<void> {
      await db.insertInto('card_removals').values(row).onConflict((conflict) => conflict.doNothing()).execute()
    },
    /** The card gone, its reviews with it (ON DELETE CASCADE). */
    async remove(userId: number, clientId: string): Promise<void> {
      await db.deleteFrom('cards').where('user_id', '=', userId).where('client_id', '=', clientId).execute()
    },
    async storedReviews(userId: number, clientIds: readonly string[]): Promise<Set<string>> {
      if (clientIds.length === 0) return new Set()
      const rows = await db.selectFrom('card_reviews').select('client_id').where('user_id', '=', userId).where('client_id', 'in', [...new Set(clientIds)]).execute()
      return new Set(rows.map((row) => row.client_id))
    },
    async insertReviews(rows: readonly NewRow<'card_reviews'>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 200) await db.insertInto('card_reviews').values(rows.slice(i, i + 200)).execute()
    },
    /** One card's reviews, for a fold again. */
    reviewsOf(cardId: number): Promise<Array<Pick<CardReviewRow, 'client_id' | 'rating' | 'reviewed_ms'>>> {
      return db.selectFrom('card_reviews').select(['client_id', 'rating', 'reviewed_ms']).where('card_id', '=', cardId).execute()
    },
    /** The reviews of a learner's cards (by the cards' client ids), for the export's revlog. */
    reviewsOfCards(userId: number, cardClientIds: readonly string[]): Promise<Array<Pick<CardReviewRow, 'client_id' | 'rating' | 'reviewed_ms' | 'duration_ms'> & { card_client_id: string }>> {
      if (cardClientIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('card_reviews as r')
        .innerJoin('cards as c', 'c.id', 'r.card_id')
        .select(['c.client_id as card_client_id', 'r.client_id', 'r.rating', 'r.reviewed_ms', 'r.duration_ms'])
        .where('c.user_id', '=', userId)
        .where('c.client_id', 'in', [...cardClientIds])
        .execute()
    },
    async setSchedule(cardId: number, schedule: ScheduleColumns, changedMs: number): Promise<void> {
      await db.updateTable('cards').set({ ...schedule, changed_ms: changedMs }).where('id', '=', cardId).execute()
    },
    /** A page of a language's cards, due first (then client id), after the cursor's card. */
    listPage(
      userId: number,
      languageCode: string,
      options: { dueBeforeMs?: number; after?: { due: number; id: string }; limit: number },
    ): Promise<ListedCardRow[]> {
      let query = listedCardsOf(db, userId, languageCode)
      if (options.dueBeforeMs !== undefined) query = query.where('c.due_ms', '<', options.dueBeforeMs)
      const after = options.after
      if (after) query = query.where((eb) => eb.or([eb('c.due_ms', '>', after.due), eb.and([eb('c.due_ms', '=', after.due), eb('c.client_id', '>', after.id)])]))
      return query.orderBy('c.due_ms').orderBy('c.client_id').limit(options.limit).execute()
    },
    /** A card by its client id, with its video's access (the audio URL's check). */
    withVideo(userId: number, clientId: string): Promise<(CardRow & Pick<Row<'videos'>, 'access_level' | 'published_at'>) | undefined> {
      return db
        .selectFrom('cards as c')
        .innerJoin('videos as v', 'v.id', 'c.video_id')
        .selectAll('c')
        .select(['v.access_level as access_level', 'v.published_at as published_at'])
        .where('c.user_id', '=', userId)
        .where('c.client_id', '=', clientId)
        .executeTakeFirst()
    },
    byId(cardId: number): Promise<(CardRow & { media_key: string | null }) | undefined> {
      return db.selectFrom('cards as c').innerJoin('videos as v', 'v.id', 'c.video_id').selectAll('c').select('v.media_key as media_key').where('c.id', '=', cardId).executeTakeFirst()
    },
    /** A learner's card's clip (null when none is cut) and language; undefined for no such card. */
    clipAndLanguageOf(userId: number, clientId: string): Promise<Pick<CardRow, 'clip_path' | 'language_code'> | undefined> {
      return db.selectFrom('cards').select(['clip_path', 'language_code']).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst()
    },
    /** Of these clips, those some card still plays (a clip is shared by every learner who saved its line). */
    async clipsInUse(clipPaths: readonly string[]): Promise<Set<string>> {
      if (clipPaths.length === 0) return new Set()
      const rows = await db.selectFrom('cards').select('clip_path').distinct().where('clip_path', 'in', [...new Set(clipPaths)]).execute()
      return new Set(rows.flatMap((row) => (row.clip_path === null ? [] : [row.clip_path])))
    },
    async setClip(cardId: number, clipPath: string, changedMs: number): Promise<void> {
      await db.updateTable('cards').set({ clip_path: clipPath, changed_ms: changedMs }).where('id', '=', cardId).execute()
    },
    /** Reviews per local day from `fromDay` on. */
    reviewsByDay(userId: number, fromDay: string): Promise<Array<{ day: string; count: number | string | bigint }>> {
      return db
        .selectFrom('card_reviews')
        .select(['day', (eb) => eb.fn.countAll().as('count')])
        .where('user_id', '=', userId)
        .where('day', '>=', fromDay)
        .groupBy('day')
        .execute()
    },
  }
}

