/**
 * Saved lines and their reviews on the device: a card written before the screen says "Saved", a review
 * just after the frame that shows the next card (features/cards/after-paint.ts, the grade's < 50 ms
 * goal): the card or the review in Dexie and in the outbox (kinds `cards`, `reviews`,
 * `card_removals`, data/outbox/registry.ts) in one transaction. A card's schedule is recomputed from
 * the server's last word and this device's reviews (device-schedule.ts) at every change.
 */
import { uuidv7 } from '../../../../contract/ids.ts'
import { newCardSchedule, type ReviewRating } from '../../../../contract/card-schedule.ts'
import { db, type CachedRecord } from '../db.ts'
import { enqueue } from '../outbox/enqueue.ts'
import { deviceSchedule } from './device-schedule.ts'
import { englishLineFor } from './english-line.ts'
import { CARD_MAX_SECONDS as MAX_SECONDS, CARD_MIN_SECONDS as MIN_SECONDS, CARD_TEXT_MAX_CHARS as MAX_TEXT, SAME_LINE_SECONDS, type CardPayload, type LineToSave, type LocalCard } from './card-types.ts'

/** The saved card of this line, if one is (same video, start within 0.05 s). */
export async function savedCardOf(videoId: number, start: number): Promise<LocalCard | undefined> {
  return db.cards
    .where('video_id')
    .equals(videoId)
    .filter((card) => Math.abs(card.start - start) <= SAME_LINE_SECONDS)
    .first()
}

/** The video's title and language, from the catalogue or the page as kept on the device. */
async function videoFacts(videoId: number): Promise<{ title: string; language: string } | null> {
  const listed = await db.videos.get(videoId)
  if (listed) return { title: listed.title, language: listed.language_code }
  const record = (await db.records.get(`video:${videoId}`)) as Extract<CachedRecord, { key: `video:${number}` }> | undefined
  return record ? { title: record.value.title, language: record.value.language_code } : null
}

/** Whether the video, as kept on the device, has an English track. */
async function hasEnglish(videoId: number): Promise<boolean> {
  const listed = await db.videos.get(videoId)
  const detail = (await db.records.get(`video:${videoId}`)) as Extract<CachedRecord, { key: `video:${number}` }> | undefined
  return Boolean(listed?.has_captions?.includes('en') || detail?.value.has_captions?.includes('en'))
}

/**
 * Saves a line: a new card, due at once, queued for the server. A line saved already is left as it is
 * (`already`): saving twice does nothing.
 */
export async function saveLine(line: LineToSave, now = Date.now()): Promise<{ outcome: 'saved' | 'already'; id: string }> {
  if (line.translation === null && (await hasEnglish(line.videoId)) && !(await savedCardOf(line.videoId, line.start))) {
    line = { ...line, translation: await englishLineFor(line.videoId, line.start, line.end) }
  }
  return db.transaction('rw', [db.cards, db.outbox, db.videos, db.records], async (tx) => {
    const existing = await savedCardOf(line.videoId, line.start)
    if (existing) return { outcome: 'already' as const, id: existing.id }
    const facts = await videoFacts(line.videoId)
    const start = Math.max(0, line.start)
    const end = Math.min(start + MAX_SECONDS, Math.max(line.end, start + MIN_SECONDS))
    const text = line.text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT)
    const translation = line.translation ? line.translation.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT) || null : null
    const id = uuidv7(now)
    const schedule = newCardSchedule(now)
    const card: LocalCard = {
      id,
      language: facts?.language ?? 'vi',
      video_id: line.videoId,
      video_title: facts?.title ?? '',
      start,
      end,
      text,
      translation,
      audio_ready: false,
      created_at: now,
      server: null,
      schedule,
      due: schedule.due,
    }
    await db.cards.add(card)
    const payload: CardPayload = { video_id: line.videoId, start, end, text, translation, created_at: new Date(now).toISOString() }
    await enqueue('cards', payload, { id, tx, now })
    return { outcome: 'saved' as const, id }
  })
}

/** Grades a card: the review kept and queued, the card's schedule folded again. Answers the new due time. */
export async function gradeCard(cardId: string, rating: ReviewRating, durationMs: number, now = Date.now()): Promise<number | null> {
  return db.transaction('rw', [db.cards, db.reviews, db.outbox], async (tx) => {
    const card = await db.cards.get(cardId)
    if (!card) return null
    const id = uuidv7(now)
    const duration = Math.max(0, Math.min(Math.round(durationMs), 3_600_000))
    await db.reviews.add({ id, card_id: cardId, rating, reviewed_at: now, duration_ms: duration })
    await enqueue('reviews', { card_id: cardId, rating, reviewed_at: new Date(now).toISOString(), duration_ms: duration }, { id, tx, now })
    const schedule = deviceSchedule(card.created_at, card.server, await db.reviews.where('card_id').equals(cardId).toArray())
    await db.cards.update(cardId, { schedule, due: schedule.due })
    return schedule.due
  })
}

/**
 * Removes a card for good: from the device at once, with its reviews; the server hears of it unless
 * it never did of the card (its save still waits in the outbox: then the save and its reviews leave too).
 */
export async function removeCard(cardId: string, now = Date.now()): Promise<void> {
  await db.transaction('rw', [db.cards, db.reviews, db.outbox], async (tx) => {
    const unsent = await db.outbox.get(cardId)
    const reviews = await db.reviews.where('card_id').equals(cardId).primaryKeys()
    await db.cards.delete(cardId)
    await db.reviews.bulkDelete(reviews)
    await db.outbox.bulkDelete(reviews)
    if (unsent) await db.outbox.delete(cardId)
    else await enqueue('card_removals', { card_id: cardId, occurred_at: new Date(now).toISOString() }, { tx, now })
  })
}
