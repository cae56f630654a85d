/**
 * Saved lines on the device over a real (in-memory) IndexedDB: saving twice keeps one card; a grade's
 * schedule is the contract's fold of the card's reviews, in whatever order they are folded; the due
 * list and its summary; and the outbox sends cards before reviews, keeps a deferred review (never
 * dropped) and sends it again, once, as soon as its card lands.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { foldCardReviews, stepCardSchedule, type ReviewRating } from '../../../../contract/card-schedule.ts'
import { db } from '../db.ts'
import { outboxStore } from '../outbox/outbox.ts'
import { OUTBOX_KINDS } from '../outbox/registry.ts'
import { createSyncEngine, type OutboxItem, type OutboxKind, type SendResult } from '../outbox/sync-engine.ts'
import { gradeCard, removeCard, saveLine } from './cards-store.ts'
import { deviceSchedule } from './device-schedule.ts'
import { dueCards, dueSummary } from './due.ts'
import type { LocalReview } from './card-types.ts'

const T0 = Date.parse('2026-12-02T08:00:00.000Z')
const MINUTE = 60_000
const line = (start: number, text = 'Hôm nay trời đẹp quá.') => ({ videoId: 4, start, end: start + 2.5, text, translation: 'The weather is lovely today.' })

beforeEach(async () => {
  await Promise.all([db.cards.clear(), db.reviews.clear(), db.outbox.clear(), db.deadLetters.clear(), db.videos.clear(), db.records.clear()])
  await db.records.put({ key: 'video:4', value: { id: 4, title: 'Đi chợ', language_code: 'vi' } as never })
})

describe('saving a line', () => {
  it('keeps one card, due at once, queued once; the same line again does nothing and says so', async () => {
    const first = await saveLine(line(12.5), T0)
    const again = await saveLine(line(12.53), T0 + 1000)
    expect(first.outcome).toBe('saved')
    expect(again).toEqual({ outcome: 'already', id: first.id })
    const cards = await db.cards.toArray()
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ language: 'vi', video_title: 'Đi chợ', text: 'Hôm nay trời đẹp quá.', translation: 'The weather is lovely today.', due: T0 })
    const queued = await db.outbox.toArray()
    expect(queued.map((item) => [item.kind, item.id])).toEqual([['cards', first.id]])
  })
})

describe('the device schedule', () => {
  it('is the contract fold of the reviews, whatever order they arrive in, and a step on the server’s equals the fold', async () => {
    const { id } = await saveLine(line(3), T0)
    const ratings: ReviewRating[] = [3, 1, 3, 4, 2, 3]
    for (const [index, rating] of ratings.entries()) await gradeCard(id, rating, 3000, T0 + (index + 1) * 37 * MINUTE)
    const reviews = await db.reviews.where('card_id').equals(id).toArray()
    const log = reviews.map((review) => ({ client_id: review.id, rating: review.rating, reviewed_at: review.reviewed_at }))
    const card = (await db.cards.get(id))!
    expect(card.schedule).toEqual(foldCardReviews(T0, log))
    const shuffled: LocalReview[] = [reviews[3], reviews[0], reviews[5], reviews[1], reviews[4], reviews[2]]
    expect(deviceSchedule(T0, null, shuffled)).toEqual(card.schedule)
    // Another device's view: the server holds the first three; this device steps its own three on top.
    const server = foldCardReviews(T0, log.slice(0, 3))
    expect(deviceSchedule(T0, server, [...shuffled])).toEqual(card.schedule)
    expect(card.due).toBe(card.schedule.due)
    expect(card.due).toBe(stepCardSchedule(foldCardReviews(T0, log.slice(0, 5)), T0, log[5]).due)
  })
})

describe('the due list', () => {
  it('lists the cards due, the longest due first, and sums up the day', async () => {
    const a = await saveLine(line(1), T0)
    const b = await saveLine(line(5), T0 + MINUTE)
    const c = await saveLine(line(9), T0 + 2 * MINUTE)
    await gradeCard(b.id, 3, 2000, T0 + 3 * MINUTE) // Good on a new card: back in 10 minutes
    const now = T0 + 4 * MINUTE
    expect((await dueCards('vi', now, 10)).map((card) => card.id)).toEqual([a.id, c.id])
    const summary = await dueSummary('vi', now)
    expect(summary).toMatchObject({ now: 2, total: 3, next: T0 + 13 * MINUTE })
    expect(await dueCards('yue', now, 10)).toEqual([])
    await removeCard(c.id, now)
    expect((await dueCards('vi', now, 10)).map((card) => card.id)).toEqual([a.id])
    // c never reached the server: its save leaves the outbox with it, and no removal is sent.
    expect((await db.outbox.toArray()).map((item) => item.kind).sort()).toEqual(['cards', 'cards', 'reviews'])
  })
})

describe('the outbox with saved lines', () => {
  it('sends cards before reviews, keeps a deferred review and sends it again once its card lands, exactly once', async () => {
    let now = T0 + 2 * MINUTE
    const { id: cardId } = await saveLine(line(7), T0)
    await gradeCard(cardId, 3, 2500, T0 + MINUTE)
    const sent: Array<{ kind: OutboxKind; ids: string[] }> = []
    let cardsAnswer: 'fail' | 'accept' = 'fail'
    const stored = { cards: new Set<string>(), reviews: new Set<string>() }
    const send = async (kind: OutboxKind, items: OutboxItem[]): Promise<SendResult> => {
      sent.push({ kind, ids: items.map((item) => item.id) })
      if (kind === 'cards') {
        if (cardsAnswer === 'fail') return { kind: 'retry' }
        for (const item of items) stored.cards.add(item.id)
        return { kind: 'answered', done: items.map((item) => item.id), rejected: [] }
      }
      if (kind === 'reviews') {
        const deferred = items.filter((item) => !stored.cards.has((item.payload as { card_id: string }).card_id)).map((item) => item.id)
        const accepted = items.map((item) => item.id).filter((id) => !deferred.includes(id))
        for (const id of accepted) stored.reviews.add(id)
        return { kind: 'answered', done: accepted, rejected: [], deferred }
      }
      throw new Error(`nothing else is queued: ${kind}`)
    }
    const engine = createSyncEngine({ store: outboxStore, send, kinds: OUTBOX_KINDS, now: () => now, random: () => 0, isOnline: () => true, exclusive: (task) => task() })
    const order = OUTBOX_KINDS.map((entry) => entry.kind)
    expect(order.indexOf('cards')).toBeLessThan(order.indexOf('reviews'))

    await engine.flush() // the card's send fails (5xx): it backs off, and the flush stops there
    expect(sent.map((call) => call.kind)).toEqual(['cards'])
    now += 1000
    sent.length = 0
    await engine.flush() // the card waits its back-off; its review goes, is deferred, and is kept
    expect(sent.map((call) => call.kind)).toEqual(['reviews'])
    expect(await db.outbox.count()).toBe(2)
    expect(await db.deadLetters.count()).toBe(0)
    sent.length = 0
    await engine.flush() // both wait: nothing is sent again before its time
    expect(sent).toEqual([])

    now += 10 * MINUTE
    cardsAnswer = 'accept'
    sent.length = 0
    await engine.flush() // the card lands, and its review goes in the same flush, after it
    expect(sent.map((call) => call.kind)).toEqual(['cards', 'reviews'])
    expect(await db.outbox.count()).toBe(0)
    expect(stored.reviews.size).toBe(1)

    sent.length = 0
    await engine.flush()
    expect(sent).toEqual([])
  })
})
