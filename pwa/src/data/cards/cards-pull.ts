/**
 * The server's view of a language's cards (GET /me/cards, pages of 500, due first) merged into the device's, page by page as they come: each
 * card takes the server's schedule (the fold of every device's reviews it holds) with this device's
 * reviews not yet in it stepped on top (device-schedule.ts), and whether its clip is cut; the pages' grant is
 * kept once for the language (card-audio-grant.ts), not on each card. Only the cards that differ from the
 * device's are written, a chunk per short transaction, so a pull of 10,000 unchanged cards writes nothing
 * and never holds the cards table long enough to keep the review page's first card waiting (issue 43).
 * A card saved
 * here and not yet answered for stays; one the server dropped (removed on another device) leaves, with
 * its reviews; one removed here, its removal still waiting, does not come back.
 *
 * After a first full pull the device keeps the answer's `next_since` per language (records
 * `cardsSince:<lang>`, cards-since.ts) and the next pull sends it: the server answers only the cards
 * changed after it and the ids of those removed since, so a reload of 10,000 unchanged cards fetches
 * none of them. The cursor is kept only once the pull's changes are written (a pull cut short asks again
 * from the old one), and a device holding none of the language's cards pulls in full whatever it kept.
 */
import type { CardSchedule } from '../../../../contract/card-schedule.ts'
import { call } from '../api-call.ts'
import { db, type LocalCard } from '../db.ts'
import { deviceSchedule, heldByServer } from './device-schedule.ts'
import { keepCardAudioGrant } from './card-audio-grant.ts'
import { cardChanged } from './card-changed.ts'
import { cardsSince, keepCardsSince } from './cards-since.ts'
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

/** Cards compared and written per transaction: short enough that a read of the due list waits little behind one. */
const CHUNK = 250

type CardsPage = Awaited<ReturnType<typeof fetchPage>>

/** One page: of all the language's cards (due first), or with `since` of those changed after it. */
function fetchPage(language: string, since: string | null, cursor: string | undefined) {
  return call('cards.list', undefined, { query: { language, ...(since ? { since } : {}), ...(cursor ? { cursor } : {}) } })
}

/** How far a pull has come, told to the review page after each page written (and once before the first). */
interface PullProgress {
  /** The device held none of the language's cards (a first visit): what it shows is what has come so far. */
  first: boolean
  /** Pages written so far. */
  pages: number
  /** More pages are coming. */
  more: boolean
}

/** Card ids whose removal here still waits in the outbox: the server's copy must not bring them back. */
async function removalsWaiting(): Promise<Set<string>> {
  return new Set((await db.outbox.where('kind').equals('card_removals').toArray()).map((item) => (item.payload as CardRemovalPayload).card_id))
}

/**
 * Merges one chunk of the server's cards, in one transaction so a save, a grade or a removal made
 * meanwhile is read, not overwritten; writes only the cards that changed and drops the reviews the
 * server's schedule now holds.
 */
async function mergeChunk(language: string, chunk: SavedCard[]): Promise<void> {
  await db.transaction('rw', [db.cards, db.reviews, db.outbox], async () => {
    const removing = await removalsWaiting()
    const incoming = chunk.filter((card) => !removing.has(card.id))
    const ids = incoming.map((card) => card.id)
    const held = await db.cards.bulkGet(ids)
    const reviews = await db.reviews.where('card_id').anyOf(ids).toArray()
    const pending = new Set((await db.outbox.bulkGet(reviews.map((review) => review.id))).filter((item) => item !== undefined).map((item) => item.id))
    const writes: LocalCard[] = []
    const spent: string[] = []
    incoming.forEach((card, index) => {
      const createdAt = Date.parse(card.created_at)
      const server = serverSchedule(card)
      // A review sent and taken that the server's schedule holds is no longer needed here.
      const kept = reviews.filter((review) => {
        if (review.card_id !== card.id) return false
        const done = !pending.has(review.id) && heldByServer(createdAt, server, review)
        if (done) spent.push(review.id)
        return !done
      })
      const schedule = deviceSchedule(createdAt, server, kept)
      const pulled: LocalCard = {
        id: card.id,
        language,
        video_id: card.video_id,
        video_title: card.video_title,
        start: card.start,
        end: card.end,
        text: card.text,
        translation: card.translation,
        audio_ready: card.audio_ready,
        created_at: createdAt,
        server,
        schedule,
        due: schedule.due,
      }
      if (cardChanged(held[index], pulled)) writes.push(pulled)
    })
    if (writes.length) await db.cards.bulkPut(writes)
    if (spent.length) await db.reviews.bulkDelete(spent)
  })
}

/**
 * The language's cards the server no longer has: known to it once (pulled before), no save waiting,
 * and gone from its answer — removed elsewhere; they leave with their reviews. Answers how many stay.
 */
async function dropRemovedElsewhere(language: string, seen: ReadonlySet<string>): Promise<number> {
  return db.transaction('rw', [db.cards, db.reviews, db.outbox], async () => {
    const localIds = (await db.cards.where('[language+due]').between([language, -Infinity], [language, Infinity]).primaryKeys()) as string[]
    const unseen = localIds.filter((id) => !seen.has(id))
    const [cards, saves] = await Promise.all([db.cards.bulkGet(unseen), db.outbox.bulkGet(unseen)])
    const gone = unseen.filter((id, index) => cards[index]?.server != null && saves[index] === undefined)
    if (gone.length) {
      await db.cards.bulkDelete(gone)
      await db.reviews.where('card_id').anyOf(gone).delete()
    }
    return localIds.length - gone.length
  })
}

/** The cards the server says were removed since the last pull (by any device): gone, with their reviews. */
async function dropRemoved(language: string, removed: readonly string[]): Promise<number> {
  return db.transaction('rw', [db.cards, db.reviews], async () => {
    if (removed.length) {
      await db.cards.bulkDelete([...removed])
      await db.reviews.where('card_id').anyOf([...removed]).delete()
    }
    return db.cards.where('[language+due]').between([language, -Infinity], [language, Infinity]).count()
  })
}

const heldCount = (language: string) => db.cards.where('[language+due]').between([language, -Infinity], [language, Infinity]).count()

/**
 * Pulls and merges; answers how many cards the language has on the device after it. Each page is
 * written as it comes (the next one fetched meanwhile), so on a first visit the cards due first, which
 * the server sends first, are on the device after one page, not after all 20; `onProgress` hears of each.
 */
export async function pullCards(language: string, onProgress?: (progress: PullProgress) => void): Promise<number> {
  const first = (await heldCount(language)) === 0
  // Nothing held (a first visit, or the device's cards cleared): a cursor kept would miss the older cards.
  const since = first ? null : await cardsSince(language)
  onProgress?.({ first, pages: 0, more: true })
  const seen = new Set<string>()
  const removed: string[] = []
  let grant: string | null = null
  let nextSince: string | null = null
  let pages = 0
  let coming: Promise<CardsPage> | null = fetchPage(language, since, undefined)
  while (coming) {
    const page: CardsPage = await coming
    const cursor = page.next_cursor ?? undefined
    coming = cursor ? fetchPage(language, since, cursor) : null
    // Fetched while this page is written; a failure is thrown where it is awaited, not reported twice.
    coming?.catch(() => undefined)
    // The grant before the page's cards: the first card's clip URL is built from it as it shows.
    if (page.audio_grant !== null && page.audio_grant !== grant) await keepCardAudioGrant(language, page.audio_grant)
    grant = page.audio_grant ?? grant
    nextSince ??= page.next_since
    removed.push(...page.removed)
    for (let from = 0; from < page.data.length; from += CHUNK) await mergeChunk(language, page.data.slice(from, from + CHUNK))
    for (const card of page.data) seen.add(card.id)
    pages += 1
    onProgress?.({ first, pages, more: coming !== null })
  }
  // A full answer names every card the server holds, so the rest left it; a since answer names those removed.
  const left = since === null ? await dropRemovedElsewhere(language, seen) : await dropRemoved(language, removed)
  if (nextSince !== null) await keepCardsSince(language, nextSince)
  return left
}
