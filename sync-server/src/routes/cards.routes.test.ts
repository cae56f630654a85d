/**
 * Saved lines over HTTP (issue 43, api-contract "Saved lines and review"), on both engines: POST /cards
 * (duplicates by client_id and by line, the watch rules, the limits), POST /reviews (duplicates,
 * deferred reviews of a card not held yet, out-of-order arrival, the last review's schedule, the fold
 * equal to the contract's on a shuffled log), POST /card_removals, GET /me/cards (due first, pages,
 * due_before, the since cursor: only what changed, removals included), reviews_by_day on /me/progress, and cards in the account's export and gone with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardAudioUrl, foldCardReviews, uuidv7, type ReviewRating } from '../../../contract/index.ts'
import { seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { person } from '../../test-support/words-fixtures.ts'

const PREVIEW = 60
let server: TestServer
let freeVideo: number
let premiumVideo: number
let previewVideo: number

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: String(PREVIEW) } })
  freeVideo = await seedVideo(server, { access: 'free', duration: 300, title: 'Phở Hà Nội' })
  premiumVideo = await seedVideo(server, { access: 'premium', duration: 300 })
  previewVideo = await seedVideo(server, { access: 'preview', duration: 300 })
})
afterAll(() => server.close())

const at = (offsetMs = 0) => new Date(server.clock.now() + offsetMs).toISOString()
const card = (videoId: number, start: number, overrides: Record<string, unknown> = {}) => ({
  client_id: uuidv7(),
  video_id: videoId,
  start,
  end: start + 2.5,
  text: `Câu số ${start}`,
  translation: `Line ${start}`,
  created_at: at(-60_000),
  ...overrides,
})
const review = (cardId: string, rating: ReviewRating, reviewedAt: string) => ({ client_id: uuidv7(), card_id: cardId, rating, reviewed_at: reviewedAt, duration_ms: 3200 })
type Learner = Awaited<ReturnType<typeof person>>
const listCards = async (learner: Learner, query = 'language=vi') => {
  const answer = await learner.api.get(`/me/cards?${query}`)
  expect(answer.status).toBe(200)
  return answer.body as { data: Array<Record<string, any>>; next_cursor: string | null; audio_grant: string; next_since: string; removed: string[] }
}

describe('POST /cards', () => {
  it('keeps a line once: the same client_id, or the same line within 0.05 s, is a duplicate', async () => {
    const learner = await person(server, 'learner')
    const first = card(freeVideo, 10)
    const answer = await learner.api.post('/cards', { cards: [first] })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({ accepted: [first.client_id], duplicate: [], rejected: [] })

    const again = card(freeVideo, 10.04)
    const other = card(freeVideo, 20)
    const second = await learner.api.post('/cards', { cards: [first, again, other, { ...other, client_id: uuidv7(), start: 20.01, end: 22 }] })
    expect(second.body.data.accepted).toEqual([other.client_id])
    expect(second.body.data.duplicate).toHaveLength(3)
    expect(second.body.data.duplicate).toContain(first.client_id)

    const listed = await listCards(learner)
    expect(listed.data.map((item) => item.id).sort()).toEqual([first.client_id, other.client_id].sort())
    const saved = listed.data.find((item) => item.id === first.client_id)!
    expect(saved).toMatchObject({ video_id: freeVideo, video_title: 'Phở Hà Nội', start: 10, end: 12.5, text: 'Câu số 10', translation: 'Line 10', state: 'new', reps: 0, lapses: 0, last_review: null, audio_ready: false })
    // A new card is due at its creation.
    expect(saved.due).toBe(first.created_at)
    // Its audio is asked for under the page's one grant, at the card's own path (contract/card-audio.ts).
    expect(listed.audio_grant).toMatch(/^\d+\.[0-9a-f]+\.\d+\.[A-Za-z0-9_-]{24}$/)
    expect(cardAudioUrl(saved.id, listed.audio_grant)).toBe(`/api/v1/cards/${first.client_id}/audio?grant=${listed.audio_grant}`)
  })

  it('refuses a line the learner may not watch, a bad length, text too long, an unknown video, and the future', async () => {
    const learner = await person(server, 'learner')
    const items = [
      card(premiumVideo, 5),
      card(previewVideo, PREVIEW - 1),
      card(freeVideo, 30, { end: 30.2 }),
      card(freeVideo, 40, { end: 71 }),
      card(freeVideo, 50, { text: 'a'.repeat(501) }),
      card(999_999, 5),
      card(freeVideo, 60, { created_at: at(3_600_000) }),
      card(freeVideo, 400),
      { nonsense: true },
    ]
    const answer = await learner.api.post('/cards', { cards: items })
    expect(answer.status).toBe(200)
    const errors = answer.body.data.rejected.map((item: { error: string }) => item.error)
    expect(errors).toEqual(['not_watchable', 'not_watchable', 'invalid_card', 'invalid_card', 'invalid_card', 'unknown_video', 'in_the_future', 'invalid_card', 'invalid_card'])
    expect(answer.body.data.accepted).toEqual([])

    // A preview's line before the cut, and a premium learner's premium line, are kept.
    const early = card(previewVideo, 10)
    expect((await learner.api.post('/cards', { cards: [early] })).body.data.accepted).toEqual([early.client_id])
    const premium = await person(server, 'premium')
    const line = card(premiumVideo, 5)
    expect((await premium.api.post('/cards', { cards: [line] })).body.data.accepted).toEqual([line.client_id])
  })

  it('answers 422 for more than 100 cards and 401 without a session', async () => {
    const learner = await person(server, 'learner')
    const many = Array.from({ length: 101 }, (_, i) => card(freeVideo, i))
    expect((await learner.api.post('/cards', { cards: many })).status).toBe(422)
    expect((await learner.api.post('/cards', { cards: [card(freeVideo, 1)] }, { token: null })).status).toBe(401)
  })
})

describe('POST /reviews', () => {
  it('defers reviews of a card not held yet, then takes them once the card lands, exactly once', async () => {
    const learner = await person(server, 'learner')
    const line = card(freeVideo, 100)
    const early = review(line.client_id, 3, at(-30_000))
    const deferred = await learner.api.post('/reviews', { reviews: [early] })
    expect(deferred.body.data).toEqual({ accepted: [], duplicate: [], rejected: [], deferred: [early.client_id] })

    await learner.api.post('/cards', { cards: [line] })
    const landed = await learner.api.post('/reviews', { reviews: [early] })
    expect(landed.body.data.accepted).toEqual([early.client_id])
    const repeat = await learner.api.post('/reviews', { reviews: [early, early] })
    expect(repeat.body.data).toMatchObject({ accepted: [], duplicate: [early.client_id, early.client_id] })

    const [saved] = (await listCards(learner)).data
    expect(saved).toMatchObject({ id: line.client_id, reps: 1, last_review: early.reviewed_at })
  })

  it('refuses a rating out of range, and a review of a removed card', async () => {
    const learner = await person(server, 'learner')
    const line = card(freeVideo, 110)
    await learner.api.post('/cards', { cards: [line] })
    const bad = { ...review(line.client_id, 3, at()), rating: 5 }
    const answer = await learner.api.post('/reviews', { reviews: [bad, { ...review(line.client_id, 3, at()), rating: 0 }] })
    expect(answer.body.data.rejected.map((item: { error: string }) => item.error)).toEqual(['invalid_review', 'invalid_review'])

    const removal = { client_id: uuidv7(), card_id: line.client_id, occurred_at: at() }
    expect((await learner.api.post('/card_removals', { removals: [removal] })).body.data.accepted).toEqual([removal.client_id])
    const late = review(line.client_id, 3, at())
    expect((await learner.api.post('/reviews', { reviews: [late] })).body.data.rejected).toEqual([
      { client_id: late.client_id, error: 'card_removed', message: expect.any(String) },
    ])
  })

  it('gives the schedule of the contract\'s fold whatever order the reviews arrive in, the last review winning', async () => {
    const learner = await person(server, 'learner')
    const line = card(freeVideo, 120, { created_at: at(-40 * 86_400_000) })
    await learner.api.post('/cards', { cards: [line] })
    const ratings: ReviewRating[] = [3, 3, 1, 4, 2, 3, 3, 4, 1, 3, 3, 3]
    // One review every three days, the first before the card was made (clock skew: it counts at created_at).
    const log = ratings.map((rating, i) => review(line.client_id, rating, at((-41 + i * 3) * 86_400_000)))
    const arrival = [5, 0, 11, 2, 1, 9, 3, 10, 4, 8, 6, 7].map((i) => log[i]!)
    // Batches of one to three, in a shuffled order, so some arrive after later ones.
    for (const batch of [arrival.slice(0, 1), arrival.slice(1, 4), arrival.slice(4, 5), arrival.slice(5, 8), arrival.slice(8)]) {
      expect((await learner.api.post('/reviews', { reviews: batch })).body.data.accepted).toHaveLength(batch.length)
    }
    const expected = foldCardReviews(line.created_at, log)
    const [saved] = (await listCards(learner)).data
    expect(saved).toMatchObject({
      state: expected.state,
      due: new Date(expected.due).toISOString(),
      stability: expected.stability,
      difficulty: expected.difficulty,
      reps: ratings.length,
      lapses: expected.lapses,
      last_review: log[log.length - 1]!.reviewed_at,
      last_review_id: expected.last_client_id,
      scheduled_days: expected.scheduled_days,
      learning_steps: expected.learning_steps,
      elapsed_days: expected.elapsed_days,
    })
    expect(expected.lapses).toBeGreaterThan(0)

    // One more in order steps the kept schedule: the same as folding all thirteen.
    const next = review(line.client_id, 3, at())
    await learner.api.post('/reviews', { reviews: [next] })
    const stepped = foldCardReviews(line.created_at, [...log, next])
    expect((await listCards(learner)).data[0]).toMatchObject({ due: new Date(stepped.due).toISOString(), stability: stepped.stability, reps: 13 })
  })
})

describe('GET /me/cards', () => {
  it('lists due first in pages of 500, with due_before and the cursor', async () => {
    const learner = await person(server, 'learner')
    const base = server.clock.now()
    const lines = Array.from({ length: 520 }, (_, i) => card(freeVideo, i * 0.5, { end: i * 0.5 + 0.4, created_at: new Date(base - (i + 1) * 60_000).toISOString() }))
    for (let i = 0; i < lines.length; i += 100) await learner.api.post('/cards', { cards: lines.slice(i, i + 100) })
    const first = await listCards(learner)
    expect(first.data).toHaveLength(500)
    expect(first.next_cursor).not.toBeNull()
    const dues = first.data.map((item) => item.due)
    expect([...dues].sort()).toEqual(dues)
    // The card made longest ago is due first.
    expect(first.data[0]!.id).toBe(lines[519]!.client_id)
    const second = await listCards(learner, `language=vi&cursor=${first.next_cursor}`)
    expect(second.data).toHaveLength(20)
    expect(second.next_cursor).toBeNull()
    expect(new Set([...first.data, ...second.data].map((item) => item.id)).size).toBe(520)

    // Due before 509.5 minutes ago: the eleven made 510 to 520 minutes ago.
    const dueBefore = await listCards(learner, `language=vi&due_before=${encodeURIComponent(new Date(base - 509.5 * 60_000).toISOString())}`)
    expect(dueBefore.data).toHaveLength(11)
    expect((await learner.api.get('/me/cards?language=xx')).status).toBe(404)
    expect((await learner.api.get('/me/cards?language=vi&cursor=nonsense')).status).toBe(422)

    // A since pull pages as the full list does, one next_since for the whole pull: the 520 were made
    // within its overlap, so they all come again, in the order they changed.
    const changed = await listCards(learner, `language=vi&since=${first.next_since}`)
    expect(changed.data).toHaveLength(500)
    expect(changed.removed).toEqual([])
    const rest = await listCards(learner, `language=vi&since=${first.next_since}&cursor=${changed.next_cursor}`)
    expect(rest.data).toHaveLength(20)
    expect(rest.next_cursor).toBeNull()
    expect(rest.next_since).toBe(changed.next_since)
    expect(new Set([...changed.data, ...rest.data].map((item) => item.id)).size).toBe(520)
    expect((await learner.api.get('/me/cards?language=vi&since=nonsense')).status).toBe(422)
    expect((await learner.api.get(`/me/cards?language=vi&since=${first.next_since}&due_before=${encodeURIComponent(at())}`)).status).toBe(422)
  })

  it('with since, answers only the cards changed after the last pull and the ids of those removed meanwhile', async () => {
    const learner = await person(server, 'learner')
    const [kept, graded, removedLater] = [card(freeVideo, 140), card(freeVideo, 145), card(freeVideo, 150)]
    await learner.api.post('/cards', { cards: [kept, graded, removedLater] })
    // A pull's next_since reaches a minute back (writes committing late): the saves are older than that.
    server.clock.advance(2 * 60_000)
    const full = await listCards(learner)
    expect(full.data).toHaveLength(3)
    expect(full.removed).toEqual([])

    // Nothing changed since: a reload's pull answers no card at all.
    server.clock.advance(5 * 60_000)
    const quiet = await listCards(learner, `language=vi&since=${full.next_since}`)
    expect(quiet.data).toEqual([])
    expect(quiet.removed).toEqual([])

    // Another device grades one card, removes another and saves a new one.
    server.clock.advance(5 * 60_000)
    await learner.api.post('/reviews', { reviews: [review(graded.client_id, 3, at())] })
    await learner.api.post('/card_removals', { removals: [{ client_id: uuidv7(), card_id: removedLater.client_id, occurred_at: at() }] })
    const added = card(freeVideo, 155)
    await learner.api.post('/cards', { cards: [added] })
    const changes = await listCards(learner, `language=vi&since=${quiet.next_since}`)
    expect(changes.data.map((item) => item.id).sort()).toEqual([graded.client_id, added.client_id].sort())
    expect(changes.data.find((item) => item.id === graded.client_id)).toMatchObject({ reps: 1, state: 'learning' })
    expect(changes.removed).toEqual([removedLater.client_id])

    // The cursor is the learner's own: another learner's since pull sees none of this.
    const other = await person(server, 'learner')
    expect(await listCards(other, `language=vi&since=${full.next_since}`)).toMatchObject({ data: [], removed: [] })

    // A pull soon after still overlaps those changes (sent again, unchanged); the one after it is quiet.
    server.clock.advance(2 * 60_000)
    const soon = await listCards(learner, `language=vi&since=${changes.next_since}`)
    expect(soon.data.map((item) => item.id).sort()).toEqual([graded.client_id, added.client_id].sort())
    server.clock.advance(2 * 60_000)
    expect(await listCards(learner, `language=vi&since=${soon.next_since}`)).toMatchObject({ data: [], removed: [] })
  })

  it("with since, carries a video's new title to the cards of that video once an admin edits it", async () => {
    const video = await seedVideo(server, { access: 'free', duration: 300, title: 'Chợ Bến Thành' })
    const learner = await person(server, 'learner')
    const [first, second] = [card(video, 10), card(video, 20)]
    const elsewhere = card(freeVideo, 160)
    await learner.api.post('/cards', { cards: [first, second, elsewhere] })
    server.clock.advance(2 * 60_000)
    const full = await listCards(learner)
    server.clock.advance(5 * 60_000)
    expect((await listCards(learner, `language=vi&since=${full.next_since}`)).data).toEqual([])

    const admin = await person(server, 'admin')
    const edited = await admin.api.patch(`/admin/videos/${video}`, { video: { title: '  Chợ Bến Thành, buổi sáng ' } })
    expect(edited.status).toBe(200)
    expect(edited.body.data.title).toBe('Chợ Bến Thành, buổi sáng')
    const changes = await listCards(learner, `language=vi&since=${full.next_since}`)
    expect(changes.data.map((item) => item.id).sort()).toEqual([first.client_id, second.client_id].sort())
    expect(changes.data.map((item) => item.video_title)).toEqual(['Chợ Bến Thành, buổi sáng', 'Chợ Bến Thành, buổi sáng'])

    // The same title sent again marks nothing (the pull after the overlap's is quiet); an empty one is refused.
    server.clock.advance(2 * 60_000)
    const soon = await listCards(learner, `language=vi&since=${changes.next_since}`)
    server.clock.advance(2 * 60_000)
    expect((await admin.api.patch(`/admin/videos/${video}`, { video: { title: 'Chợ Bến Thành, buổi sáng' } })).status).toBe(200)
    expect((await listCards(learner, `language=vi&since=${soon.next_since}`)).data).toEqual([])
    expect((await admin.api.patch(`/admin/videos/${video}`, { video: { title: '   ' } })).status).toBe(422)
    expect((await learner.api.patch(`/admin/videos/${video}`, { video: { title: 'Mine' } })).status).toBe(403)
  })
})

describe('POST /card_removals', () => {
  it('takes the card and its reviews away for good, once', async () => {
    const learner = await person(server, 'learner')
    const line = card(freeVideo, 130)
    await learner.api.post('/cards', { cards: [line] })
    await learner.api.post('/reviews', { reviews: [review(line.client_id, 3, at())] })
    const removal = { client_id: uuidv7(), card_id: line.client_id, occurred_at: at() }
    expect((await learner.api.post('/card_removals', { removals: [removal] })).body.data).toEqual({ accepted: [removal.client_id], duplicate: [], rejected: [] })
    expect((await learner.api.post('/card_removals', { removals: [removal] })).body.data.duplicate).toEqual([removal.client_id])
    expect((await listCards(learner)).data).toEqual([])
    const reviews = await server.ctx.database.db.selectFrom('card_reviews').select('id').where('user_id', '=', learner.id).execute()
    expect(reviews).toEqual([])
    // The card sent again (an outbox replay) stays gone; the same line saved anew is a new card.
    expect((await learner.api.post('/cards', { cards: [line] })).body.data.duplicate).toEqual([line.client_id])
    const anew = card(freeVideo, 130)
    expect((await learner.api.post('/cards', { cards: [anew] })).body.data.accepted).toEqual([anew.client_id])
  })
})

describe('reviews_by_day, the export and the deletion', () => {
  it('counts reviews per local day beside watch time, and hands cards and reviews over in the export', async () => {
    const learner = await person(server, 'learner')
    const line = card(freeVideo, 140)
    await learner.api.post('/cards', { cards: [line] })
    await learner.api.post('/reviews', { reviews: [review(line.client_id, 3, at(-1000)), review(line.client_id, 4, at(-500))] })
    const progress = await learner.api.get('/me/progress?language=vi&days=7')
    expect(progress.status).toBe(200)
    const byDay = progress.body.data.reviews_by_day as Array<{ date: string; count: number }>
    expect(byDay.map((day) => day.date)).toEqual(progress.body.data.days.map((day: { date: string }) => day.date))
    expect(byDay[byDay.length - 1]!.count).toBe(2)
    expect(byDay.slice(0, -1).every((day) => day.count === 0)).toBe(true)

    const exported = await learner.api.get('/me/export')
    expect(exported.status).toBe(200)
    expect(exported.body.cards).toEqual([expect.objectContaining({ client_id: line.client_id, text: line.text, reps: 2 })])
    expect(exported.body.card_reviews).toHaveLength(2)
  })
})
