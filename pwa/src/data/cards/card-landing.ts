/**
 * When the server has taken saved lines (their outbox items leave), the reviews of those cards that
 * it deferred (answered `deferred`: it did not hold the card yet) are due again at once, in the same
 * transaction: the same flush sends them, after the cards, rather than at the end of their back-off.
 */
import { db, type OutboxItem } from '../db.ts'
import type { ReviewPayload } from './card-types.ts'

export async function wakeReviewsOfLandedCards(items: OutboxItem[], at: number): Promise<void> {
  const landed = new Set(items.filter((item) => item.kind === 'cards').map((item) => item.id))
  if (landed.size === 0) return
  await db.outbox
    .where('kind')
    .equals('reviews')
    .filter((item) => landed.has((item.payload as ReviewPayload).card_id) && item.nextAttemptAt > at)
    .modify({ nextAttemptAt: at })
}
