/**
 * What changed in a learner's cards after a since cursor (0081, GET /me/cards?since=): the cards changed
 * at or after an instant, in that order, and the ids of those whose removal arrived since. SQL only; the
 * cursor's rules are services/cards-library.service.ts's.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { type ListedCardRow, listedCardsOf } from './cards.repository.ts'

export function createCardChangesRepository(db: Kysely<Database>) {
  return {
    /** A page of a language's cards changed at or after `sinceMs`, in the order they changed (then client id), after the cursor's card. */
    listChangedPage(
      userId: number,
      languageCode: string,
      options: { sinceMs: number; after?: { changed: number; id: string }; limit: number },
    ): Promise<ListedCardRow[]> {
      let query = listedCardsOf(db, userId, languageCode).where('c.changed_ms', '>=', options.sinceMs)
      const after = options.after
      if (after) query = query.where((eb) => eb.or([eb('c.changed_ms', '>', after.changed), eb.and([eb('c.changed_ms', '=', after.changed), eb('c.client_id', '>', after.id)])]))
      return query.orderBy('c.changed_ms').orderBy('c.client_id').limit(options.limit).execute()
    },
    /**
     * Every learner's cards of a video marked changed at `changedMs`: a field they list from the video (its
     * title) was edited, so since pulls carry it. No index leads with video_id: a scan, for a rare admin edit.
     */
    async markVideoCardsChanged(videoId: number, changedMs: number): Promise<void> {
      await db.updateTable('cards').set({ changed_ms: changedMs }).where('video_id', '=', videoId).execute()
    },
    /** The client ids of a language's cards whose removal arrived at or after `sinceMs`. */
    async removedSince(userId: number, languageCode: string, sinceMs: number): Promise<string[]> {
      const rows = await db
        .selectFrom('card_removals')
        .select('card_client_id')
        .distinct()
        .where('user_id', '=', userId)
        .where('language_code', '=', languageCode)
        .where('removed_ms', '>=', sinceMs)
        .orderBy('card_client_id')
        .execute()
      return rows.map((row) => row.card_client_id)
    },
  }
}
