/**
 * The server's view of a language's cards (GET /me/cards, pages of 500) merged into the device's: each
 * card takes the server's schedule (the fold of every device's reviews it holds) with this device's
 * reviews not yet in it stepped on top (device-schedule.ts), and its clip's URL once cut (its path under
 * the page's one grant, contract/card-audio.ts). A card saved
 * here and not yet answered for stays; one the server dropped (removed on another device) leaves, with
 * its reviews; one removed here, its removal still waiting, does not come back.
 */
import { cardAudioUrl } from '../../../../contract/card-audio.ts'
import type { CardSchedule } from '../../../../contract/card-schedule.ts'
import { call } from '../api-call.ts'
import { db, type LocalCard, type LocalReview } from '../db.ts'
import { deviceSchedule, heldByServer } from './device-schedule.ts'
import type { CardRemovalPayload, SavedCard } from './card-types.ts'

/** The server's schedule, every field the fold reads as the server keeps it. */
function serverSchedule(card: SavedCard): CardSchedule {
  return {
    state: card.state,
    due: Date.parse(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    last_review: card.last_review ? Date.parse(card.last_review) : null,
    last_client_id: card.last_review_id,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    elapsed_days: card.elapsed_days,
  }
}

/** Every page, each card with its clip's URL under its page's grant (null until the clip is cut). */
async function fetchAll(language: string): Promise<Array<SavedCard & { audio_url: string | null }>> {
  const all: Array<SavedCard & { audio_url: string | null }> = []
  let cursor: string | undefined
  do {
    const page = await call('cards.list', undefined, { query: { language, ...(cursor ? { cursor } : {}) } })
    for (const card of page.data) all.push({ ...card, audio_url: card.audio_ready ? cardAudioUrl(card.id, page.audio_grant) : null })
    cursor = page.next_cursor ?? undefined
  } while (cursor)
  return all
}

/** Pulls and merges; answers how many cards the language has on the device after it. */
export async function pullCards(language: string): Promise<number> {
  const remote = await fetchAll(language)
  return db.transaction('rw', [db.cards, db.reviews, db.outbox], async () => {
    const pendingIds = new Set((await db.outbox.where('kind').anyOf('cards', 'reviews').primaryKeys()) as string[])
    const removing = new Set((await db.outbox.where('kind').equals('card_removals').toArray()).map((item) => (item.payload as CardRemovalPayload).card_id))
    const reviewsByCard = new Map<string, LocalReview[]>()
    for (const review of await db.reviews.toArray()) reviewsByCard.set(review.card_id, [...(reviewsByCard.get(review.card_id) ?? []), review])
    const seen = new Set<string>()
    const writes: LocalCard[] = []
    const spent: string[] = []
    for (const card of remote) {
      if (removing.has(card.id)) continue
      seen.add(card.id)
      const createdAt = Date.parse(card.created_at)
      const server = serverSchedule(card)
      // A review sent and taken that the server's schedule holds is no longer needed here.
      const reviews = (reviewsByCard.get(card.id) ?? []).filter((review) => {
        const done = !pendingIds.has(review.id) && heldByServer(createdAt, server, review)
        if (done) spent.push(review.id)
        return !done
      })
      const schedule = deviceSchedule(createdAt, server, reviews)
      writes.push({
        id: card.id,
        language,
        video_id: card.video_id,
        video_title: card.video_title,
        start: card.start,
        end: card.end,
        text: card.text,
        translation: card.translation,
        audio_url: card.audio_url,
        created_at: createdAt,
        server,
        schedule,
        due: schedule.due,
      })
    }
    const local = await db.cards.where('[language+due]').between([language, -Infinity], [language, Infinity]).toArray()
    // Known to the server once (pulled before), no save waiting, and gone from its answer: removed elsewhere.
    const gone = local.filter((card) => !seen.has(card.id) && card.server !== null && !pendingIds.has(card.id)).map((card) => card.id)
    await db.cards.bulkPut(writes)
    await db.reviews.bulkDelete(spent)
    if (gone.length) {
      await db.cards.bulkDelete(gone)
      await db.reviews.where('card_id').anyOf(gone).delete()
    }
    return writes.length + local.filter((card) => !seen.has(card.id) && !gone.includes(card.id)).length
  })
}
