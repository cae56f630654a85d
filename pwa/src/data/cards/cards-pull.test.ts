/**
 * pullCards over a real (in-memory) IndexedDB and a stubbed GET /me/cards: every page is read (the
 * cursor followed); a card takes the server's schedule with this device's reviews the server lacks
 * stepped on top, and a review the server already folded in is dropped, not counted twice; the clip's
 * URL once it is cut; a card removed on another device leaves with its reviews, one saved here and not
 * yet answered for stays, and one removed here (its removal still queued) does not come back. After a
 * first full pull the next sends the kept cursor and takes only the changes and the removals it answers.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { foldCardReviews, type ScheduleReview } from '../../../../contract/card-schedule.ts'
import { uuidv7 } from '../../../../contract/ids.ts'
import type { SavedCard } from '../../../../contract/schemas/cards.ts'
import { db } from '../db.ts'
import { gradeCard, removeCard, saveLine } from './cards-store.ts'
import { pullCards } from './cards-pull.ts'
import { dueCards } from './due.ts'

const T0 = Date.parse('2026-11-20T08:00:00.000Z')
const MINUTE = 60_000
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A card as the server answers it: its schedule the contract's fold of `log`. */
function answered(id: string, createdAt: number, log: ScheduleReview[], extra: Partial<SavedCard> = {}): SavedCard {
  const schedule = foldCardReviews(createdAt, log)
  return {
    id,
    video_id: 4,
    video_title: 'Đi chợ',
    start: 3,
    end: 5.5,
    text: 'Hôm nay trời đẹp quá.',
    translation: 'The weather is lovely today.',
    audio_ready: true,
    created_at: iso(createdAt),
    state: schedule.state,
    due: iso(schedule.due),
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    reps: schedule.reps,
    lapses: schedule.lapses,
    last_review: schedule.last_review === null ? null : iso(schedule.last_review),
    last_review_id: schedule.last_client_id,
    scheduled_days: schedule.scheduled_days,
    learning_steps: schedule.learning_steps,
    elapsed_days: schedule.elapsed_days,
    ...extra,
  }
}

/** GET /me/cards answering `pages` in turn, following the cursor; the URLs asked for are kept. */
function serve(pages: SavedCard[][], changes: { nextSince?: string; removed?: string[] } = {}) {
  const asked: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://device.test')
      asked.push(`${url.pathname}${url.search}`)
      const index = Number(url.searchParams.get('cursor') ?? 0)
      const body = {
        data: pages[index] ?? [],
        next_cursor: index + 1 < pages.length ? String(index + 1) : null,
        audio_grant: `grant-of-page-${index}`,
        next_since: changes.nextSince ?? 'since-0',
        removed: index === 0 ? (changes.removed ?? []) : [],
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
  return asked
}

const line = (start: number) => ({ videoId: 4, start, end: start + 2.5, text: 'Hôm nay trời đẹp quá.', translation: 'The weather is lovely today.' })
/** A device with no cursor kept (one from before the cursor existed): its next pull is of the whole list. */
const forgetCursor = () => db.records.delete('cardsSince:vi')
/** The review's outbox item answered: sent and taken by the server. */
const sent = (id: string) => db.outbox.delete(id)

beforeEach(async () => {
  await Promise.all([db.cards.clear(), db.reviews.clear(), db.outbox.clear(), db.records.clear()])
  await db.records.put({ key: 'video:4', value: { id: 4, title: 'Đi chợ', language_code: 'vi' } as never })
})
afterEach(() => vi.unstubAllGlobals())

describe('pullCards', () => {
  it('reads every page, and keeps the server’s schedule with only the reviews it lacks stepped on top', async () => {
    const { id } = await saveLine(line(3), T0)
    await gradeCard(id, 3, 2000, T0 + MINUTE)
    await gradeCard(id, 3, 2000, T0 + 20 * MINUTE)
    await gradeCard(id, 1, 2000, T0 + 2 * DAY)
    const mine = (await db.reviews.where('card_id').equals(id).sortBy('reviewed_at')).map((review) => ({ client_id: review.id, rating: review.rating, reviewed_at: review.reviewed_at }))
    await sent(id)
    await sent(mine[0]!.client_id)
    await sent(mine[1]!.client_id)
    // Another device reviewed it too, in between; the server holds that and this device's first two.
    const other = { client_id: uuidv7(T0 + DAY), rating: 4 as const, reviewed_at: T0 + DAY }
    const serverLog = [mine[0]!, mine[1]!, other]
    const elsewhere = answered(uuidv7(T0 - DAY), T0 - DAY, [])
    const asked = serve([[answered(id, T0, serverLog)], [elsewhere]])

    expect(await pullCards('vi')).toBe(2)
    expect(asked).toEqual(['/api/v1/me/cards?language=vi', '/api/v1/me/cards?language=vi&cursor=1'])
    const card = (await db.cards.get(id))!
    // The fold of all four reviews, whatever device made them: the one the server lacks stepped once.
    expect(card.schedule).toEqual(foldCardReviews(T0, [...serverLog, mine[2]!]))
    expect(card.due).toBe(card.schedule.due)
    expect(card.server).toEqual(foldCardReviews(T0, serverLog))
    // The two the server holds are dropped; the one still queued is kept.
    expect((await db.reviews.where('card_id').equals(id).primaryKeys()).sort()).toEqual([mine[2]!.client_id])
    // Its clip's URL as the review page reads it: its path under the language's last grant, kept once, not on the card.
    const due = await dueCards('vi', T0 + 400 * DAY, 10)
    expect(due.find((queued) => queued.id === id)!.audio_url).toBe(`/api/v1/cards/${id}/audio?grant=grant-of-page-1`)
    expect(due.find((queued) => queued.id === elsewhere.id)!.audio_url).toBe(`/api/v1/cards/${elsewhere.id}/audio?grant=grant-of-page-1`)
    expect(card).not.toHaveProperty('audio_url')
    expect((await db.cards.get(elsewhere.id))!.text).toBe('Hôm nay trời đẹp quá.')
  })

  it('does not count twice the review the server folded in last (the same instant, told by its id)', async () => {
    const { id } = await saveLine(line(3), T0)
    await gradeCard(id, 3, 2000, T0 + MINUTE)
    const [review] = await db.reviews.toArray()
    await sent(id)
    await sent(review!.id)
    serve([[answered(id, T0, [{ client_id: review!.id, rating: 3, reviewed_at: T0 + MINUTE }])]])
    await pullCards('vi')
    const card = (await db.cards.get(id))!
    expect(card.schedule.reps).toBe(1)
    expect(card.schedule).toEqual(card.server)
    expect(await db.reviews.count()).toBe(0)
  })

  it('lets a card removed elsewhere go, keeps one not yet answered for, and does not bring back one removed here', async () => {
    const pulled = await saveLine(line(3), T0)
    const removedHere = await saveLine(line(9), T0 + MINUTE)
    await sent(pulled.id)
    await sent(removedHere.id)
    serve([[answered(pulled.id, T0, [], { audio_ready: false }), answered(removedHere.id, T0 + MINUTE, [])]])
    await pullCards('vi')
    // Not cut yet: no URL to play from.
    expect((await db.cards.get(pulled.id))!.audio_ready).toBe(false)
    expect((await dueCards('vi', T0 + 400 * DAY, 10)).find((queued) => queued.id === pulled.id)!.audio_url).toBeNull()
    await gradeCard(pulled.id, 3, 2000, T0 + 2 * MINUTE)
    await sent((await db.reviews.toArray())[0]!.id)
    await removeCard(removedHere.id, T0 + 3 * MINUTE)
    const waiting = await saveLine(line(20), T0 + 4 * MINUTE)

    // The server no longer has the first (removed on the laptop), still has the second (this removal not sent yet).
    await forgetCursor()
    serve([[answered(removedHere.id, T0 + MINUTE, [])]])
    expect(await pullCards('vi')).toBe(1)
    expect((await db.cards.toArray()).map((card) => card.id)).toEqual([waiting.id])
    expect(await db.reviews.count()).toBe(0)
  })

  it('writes nothing on a second pull of unchanged cards, even with a new grant; writes a changed card; deletes a removed one', async () => {
    const ids = [uuidv7(T0 - 3 * DAY), uuidv7(T0 - 2 * DAY), uuidv7(T0 - DAY)]
    const cards = ids.map((id, index) => answered(id, T0 - (3 - index) * DAY, []))
    serve([[cards[0]!, cards[1]!], [cards[2]!]])
    expect(await pullCards('vi')).toBe(3)

    const writes = watchCardWrites()
    // The same cards, a fresh grant on every page (the server signs one per answer).
    await forgetCursor()
    vi.unstubAllGlobals()
    serve([[cards[0]!, cards[1]!], [cards[2]!]].map((page) => page.map((card) => ({ ...card }))))
    expect(await pullCards('vi')).toBe(3)
    expect(writes).toEqual([])

    // Reviewed on the laptop: the first card's schedule moved; the third removed there; the second's translation edited.
    const reviewed = answered(ids[0]!, T0 - 3 * DAY, [{ client_id: uuidv7(T0), rating: 3, reviewed_at: T0 }])
    await forgetCursor()
    vi.unstubAllGlobals()
    serve([[reviewed, { ...cards[1]!, translation: 'What lovely weather today.' }]])
    expect(await pullCards('vi')).toBe(2)
    expect(writes.sort()).toEqual([`delete ${ids[2]}`, `put ${ids[0]}`, `put ${ids[1]}`].sort())
    expect((await db.cards.get(ids[0]!))!.schedule.reps).toBe(1)
    expect((await db.cards.get(ids[1]!))!.translation).toBe('What lovely weather today.')
    expect(await db.cards.get(ids[2]!)).toBeUndefined()
  })
})

describe('pullCards with the since cursor', () => {
  it('pulls in full once, then only the changes since its cursor: a changed card written, a removed one gone, the rest untouched', async () => {
    const ids = [uuidv7(T0 - 3 * DAY), uuidv7(T0 - 2 * DAY), uuidv7(T0 - DAY)]
    const cards = ids.map((id, index) => answered(id, T0 - (3 - index) * DAY, []))
    const first = serve([[cards[0]!, cards[1]!], [cards[2]!]], { nextSince: 'since-1' })
    expect(await pullCards('vi')).toBe(3)
    expect(first).toEqual(['/api/v1/me/cards?language=vi', '/api/v1/me/cards?language=vi&cursor=1'])

    // A reload: the laptop reviewed the first card and removed the third; the server answers just that.
    const writes = watchCardWrites()
    const reviewed = answered(ids[0]!, T0 - 3 * DAY, [{ client_id: uuidv7(T0), rating: 3, reviewed_at: T0 }])
    vi.unstubAllGlobals()
    const second = serve([[reviewed]], { nextSince: 'since-2', removed: [ids[2]!] })
    expect(await pullCards('vi')).toBe(2)
    expect(second).toEqual(['/api/v1/me/cards?language=vi&since=since-1'])
    expect(writes.sort()).toEqual([`delete ${ids[2]}`, `put ${ids[0]}`].sort())
    expect((await db.cards.get(ids[0]!))!.schedule.reps).toBe(1)
    // The second card, not in the answer, stays as it was.
    expect((await db.cards.get(ids[1]!))!.text).toBe('Hôm nay trời đẹp quá.')

    // Nothing changed: the next pull asks from the new cursor and writes nothing.
    vi.unstubAllGlobals()
    const third = serve([[]], { nextSince: 'since-3' })
    expect(await pullCards('vi')).toBe(2)
    expect(third).toEqual(['/api/v1/me/cards?language=vi&since=since-2'])
    expect(writes).toHaveLength(2)
  })

  it('keeps the old cursor when a pull fails, and pulls in full when the device holds none of the language’s cards', async () => {
    const id = uuidv7(T0 - DAY)
    serve([[answered(id, T0 - DAY, [])]], { nextSince: 'since-1' })
    await pullCards('vi')

    vi.unstubAllGlobals()
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'internal', message: 'down' } }), { status: 500, headers: { 'content-type': 'application/json' } })))
    await expect(pullCards('vi')).rejects.toThrow()
    vi.unstubAllGlobals()
    const again = serve([[]], { nextSince: 'since-2' })
    await pullCards('vi')
    expect(again).toEqual(['/api/v1/me/cards?language=vi&since=since-1'])

    // The device's cards gone (storage cleared, say): a cursor would miss them, so the whole list comes.
    await db.cards.clear()
    vi.unstubAllGlobals()
    const full = serve([[answered(id, T0 - DAY, [])]], { nextSince: 'since-3' })
    expect(await pullCards('vi')).toBe(1)
    expect(full).toEqual(['/api/v1/me/cards?language=vi'])
  })
})

/** Every write to the cards table from now on, as `put <id>` / `delete <id>` (Dexie's table hooks). */
function watchCardWrites(): string[] {
  const writes: string[] = []
  const creating = (id: string) => void writes.push(`put ${id}`)
  const updating = (_changes: object, id: string) => void writes.push(`put ${id}`)
  const deleting = (id: string) => void writes.push(`delete ${id}`)
  db.cards.hook('creating', creating)
  db.cards.hook('updating', updating)
  db.cards.hook('deleting', deleting)
  onTestFinished(() => {
    db.cards.hook('creating').unsubscribe(creating)
    db.cards.hook('updating').unsubscribe(updating)
    db.cards.hook('deleting').unsubscribe(deleting)
  })
  return writes
}
