import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { seedVideo, watchEvent } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { difficultyScore, ratingEvidence } from '../rules/difficulty.ts'

let server: TestServer
let learner = 0

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
})
afterAll(() => server.close())

async function newLearner() {
  const { token, user } = await signIn(server, `rater${++learner}@example.com`)
  return { id: user.id as number, api: apiClient(server.api, { token }) }
}

const HOUR = 3600
const ago = (seconds: number) => new Date(server.clock.now() - seconds * 1000).toISOString()
const rating = (videoId: number, understood: number, overrides: Record<string, unknown> = {}) => ({
  client_id: uuidv7(),
  video_id: videoId,
  understood,
  occurred_at: ago(60),
  ...overrides,
})

/**
 * The learner's progress on a video as the ingest leaves it: `covered` seconds of it played, and
 * `inputHours` of watch time on it (what their input hours in the language count).
 */
async function hasWatched(userId: number, videoId: number, covered: number, inputHours = 0) {
  await server.ctx.database.db
    .insertInto('video_progress')
    .values({
      user_id: userId,
      video_id: videoId,
      spans: JSON.stringify([[0, covered]]),
      covered_seconds: covered,
      watch_seconds: Math.max(covered, inputHours * HOUR),
      last_position_seconds: covered,
      last_watched_at: ago(120),
    })
    .execute()
}

const videoRow = (id: number) =>
  server.ctx.database.db
    .selectFrom('videos')
    .select(['rating_count', 'rating_evidence_sum', 'difficulty', 'difficulty_rank', 'proficiency_level'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/** The video as the learner's list shows it. */
async function summaryOf(api: ReturnType<typeof apiClient>, videoId: number) {
  const detail = await api.get(`/videos/${videoId}`)
  return detail.body.data as { difficulty: number | null; my_rating: number | null }
}

describe('POST /ratings', () => {
  it('refuses a rating until the learner has watched half of the video', async () => {
    const { api } = await newLearner()
    const video = await seedVideo(server, { duration: 100 })
    const events = [watchEvent(server, video, { position_from: 0, position_to: 40, watched_seconds: 40, occurred_at: ago(300) })]
    expect((await api.post('/watch_events', { events })).body.data.accepted).toHaveLength(1)
    const early = rating(video, 4)
    expect((await api.post('/ratings', { ratings: [early] })).body.data).toEqual({
      accepted: [],
      duplicate: [],
      rejected: [{ client_id: early.client_id, error: 'not_watched', message: expect.stringContaining('50%') }],
    })
    expect((await summaryOf(api, video)).my_rating).toBeNull()

    const more = [watchEvent(server, video, { position_from: 40, position_to: 50, watched_seconds: 10, occurred_at: ago(200) })]
    expect((await api.post('/watch_events', { events: more })).body.data.accepted).toHaveLength(1)
    const rated = rating(video, 4)
    expect((await api.post('/ratings', { ratings: [rated] })).body.data).toEqual({ accepted: [rated.client_id], duplicate: [], rejected: [] })
    expect((await summaryOf(api, video)).my_rating).toBe(4)
  })

  it('keeps the latest rating of a video by occurred_at: a repeat is a duplicate, a replayed older one changes nothing', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server, { duration: 100 })
    await hasWatched(id, video, 100, 40)

    const first = rating(video, 2, { occurred_at: ago(3000) })
    expect((await api.post('/ratings', { ratings: [first] })).body.data.accepted).toEqual([first.client_id])
    expect((await api.post('/ratings', { ratings: [first] })).body.data).toEqual({ accepted: [], duplicate: [first.client_id], rejected: [] })
    expect((await summaryOf(api, video)).my_rating).toBe(2)

    const later = rating(video, 5, { occurred_at: ago(1000) })
    expect((await api.post('/ratings', { ratings: [later] })).body.data.accepted).toEqual([later.client_id])
    expect((await summaryOf(api, video)).my_rating).toBe(5)

    // Sent late from another device's outbox: older than the kept one, so it lands and changes nothing.
    const older = rating(video, 1, { occurred_at: ago(2000) })
    expect((await api.post('/ratings', { ratings: [older] })).body.data.accepted).toEqual([older.client_id])
    // And the first one again, replaced long since: still a duplicate, still no change.
    expect((await api.post('/ratings', { ratings: [first, older] })).body.data.duplicate).toEqual([first.client_id, older.client_id])
    expect((await summaryOf(api, video)).my_rating).toBe(5)

    // The learner counts once in the video's sums, with the evidence of the rating kept.
    const row = await videoRow(video)
    expect(row.rating_count).toBe(1)
    expect(row.rating_evidence_sum).toBe(ratingEvidence(5, 40 * HOUR))
    // Within one batch the order of arrival does not matter either.
    const newest = rating(video, 3, { occurred_at: ago(100) })
    const stale = rating(video, 1, { occurred_at: ago(500) })
    expect((await api.post('/ratings', { ratings: [newest, stale] })).body.data.accepted).toEqual([newest.client_id, stale.client_id])
    expect((await summaryOf(api, video)).my_rating).toBe(3)
    expect((await videoRow(video)).rating_count).toBe(1)
  })

  it('rejects each bad rating with its reason and lands the rest', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server, { duration: 100 })
    const unpublished = await seedVideo(server, { duration: 100, published: false })
    await hasWatched(id, video, 60)
    await hasWatched(id, unpublished, 100)
    const good = rating(video, 3)
    const cases: Array<[Record<string, unknown>, string]> = [
      [rating(video, 0), 'invalid_rating'],
      [rating(video, 6), 'invalid_rating'],
      [rating(video, 2.5), 'invalid_rating'],
      [{ ...rating(video, 3), client_id: 'nope' }, 'invalid_rating'],
      [rating(video, 3, { occurred_at: 'yesterday' }), 'invalid_rating'],
      [rating(999_999, 3), 'unknown_video'],
      [rating(unpublished, 3), 'unknown_video'],
      [rating(video, 3, { occurred_at: new Date(server.clock.now() + 6 * 60_000).toISOString() }), 'in_the_future'],
    ]
    const answer = await api.post('/ratings', { ratings: [good, ...cases.map(([r]) => r)] })
    expect(answer.status).toBe(200)
    expect(answer.body.data.accepted).toEqual([good.client_id])
    expect(answer.body.data.rejected.map((r: { error: string }) => r.error)).toEqual(cases.map(([, error]) => error))
    expect(answer.body.data.rejected[3].client_id).toBe('nope')
  })

  it('takes 1 to 100 ratings a call, answering 422 otherwise, and 401 without a session', async () => {
    const { id, api } = await newLearner()
    const videos = await Promise.all(Array.from({ length: 100 }, () => seedVideo(server, { duration: 10 })))
    for (const video of videos) await hasWatched(id, video, 10)
    expect((await api.post('/ratings', { ratings: [] })).status).toBe(422)
    expect((await api.post('/ratings', { ratings: Array.from({ length: 101 }, () => rating(videos[0], 3)) })).status).toBe(422)
    expect((await api.post('/ratings', {})).status).toBe(422)
    const full = await api.post('/ratings', { ratings: videos.map((video) => rating(video, 3)) })
    expect(full.body.data.accepted).toHaveLength(100)
    expect((await api.post('/ratings', { ratings: [rating(videos[0], 3)] }, { token: null })).status).toBe(401)
  })

  it('shows a score from the fifth learner on, pulled down more by a beginner who understood than by an expert', async () => {
    const video = await seedVideo(server, { duration: 100, level: 'intermediate' })
    const raters = await Promise.all(Array.from({ length: 6 }, () => newLearner()))
    const hours = [100, 200, 300, 400, 500]
    for (const [i, rater] of raters.slice(0, 5).entries()) await hasWatched(rater.id, video, 100, hours[i])
    for (const [i, rater] of raters.slice(0, 4).entries()) {
      expect((await rater.api.post('/ratings', { ratings: [rating(video, 3)] })).body.data.accepted).toHaveLength(1)
      expect((await summaryOf(rater.api, video)).difficulty, `after ${i + 1} ratings`).toBeNull()
    }
    await raters[4].api.post('/ratings', { ratings: [rating(video, 3)] })
    const evidence = hours.map((h) => ratingEvidence(3, h * HOUR))
    const expected = difficultyScore({ level: 'intermediate', count: 5, evidenceSum: evidence.reduce((a, b) => a + b, 0) })
    expect(expected).not.toBeNull()
    expect((await summaryOf(raters[5].api, video)).difficulty).toBe(expected)
    expect((await videoRow(video)).difficulty_rank).toBe(expected)

    // The sixth says "understood almost everything": a 20-hour learner pulls the score lower than a 900-hour one would.
    const scoreAfterSixth = async (inputHours: number) => {
      const copy = await seedVideo(server, { duration: 100, level: 'intermediate' })
      const sixRaters = await Promise.all(Array.from({ length: 6 }, () => newLearner()))
      for (const [i, rater] of sixRaters.entries()) await hasWatched(rater.id, copy, 100, i < 5 ? hours[i] : inputHours)
      for (const rater of sixRaters.slice(0, 5)) await rater.api.post('/ratings', { ratings: [rating(copy, 3)] })
      await sixRaters[5].api.post('/ratings', { ratings: [rating(copy, 5)] })
      return (await videoRow(copy)).difficulty!
    }
    const byBeginner = await scoreAfterSixth(20)
    const byExpert = await scoreAfterSixth(900)
    expect(byBeginner).toBeLessThan(byExpert)
    // Neither raises it: "understood almost everything" never says a video is harder.
    expect(byExpert).toBeLessThanOrEqual(expected!)
  })

  it('counts every learner once when many rate one video at once, each replaying their batch', async () => {
    const video = await seedVideo(server, { duration: 100, level: 'beginner' })
    const raters = await Promise.all(Array.from({ length: 12 }, () => newLearner()))
    const batches = raters.map((rater, i) => [rating(video, (i % 5) + 1, { occurred_at: ago(600) }), rating(video, ((i + 2) % 5) + 1, { occurred_at: ago(300) })])
    for (const [i, rater] of raters.entries()) await hasWatched(rater.id, video, 80, 10 * i)
    // Each learner sends their batch three times at once, all learners together.
    const answers = await Promise.all(raters.flatMap((rater, i) => Array.from({ length: 3 }, () => rater.api.post('/ratings', { ratings: batches[i] }))))
    for (const [i] of raters.entries()) {
      const mine = answers.slice(i * 3, i * 3 + 3).map((answer) => answer.body.data)
      expect(mine.flatMap((data) => data.accepted).sort()).toEqual(batches[i].map((r) => r.client_id).sort())
      expect(mine.flatMap((data) => data.duplicate)).toHaveLength(4)
    }
    const row = await videoRow(video)
    expect(row.rating_count).toBe(12)
    // Each kept rating is the later one of its learner's batch.
    const evidence = raters.map((_, i) => ratingEvidence(((i + 2) % 5) + 1, 10 * i * HOUR))
    expect(row.rating_evidence_sum).toBe(evidence.reduce((a, b) => a + b, 0))
    expect(row.difficulty).toBe(difficultyScore({ level: 'beginner', count: 12, evidenceSum: row.rating_evidence_sum }))
  })
})

describe('forgetting a learner (for the account deletion)', () => {
  it("takes their ratings out of every score and erases them, leaving others' as they were", async () => {
    const video = await seedVideo(server, { duration: 100, level: 'advanced' })
    const raters = await Promise.all(Array.from({ length: 6 }, () => newLearner()))
    for (const [i, rater] of raters.entries()) {
      await hasWatched(rater.id, video, 100, 100 * i)
      await rater.api.post('/ratings', { ratings: [rating(video, (i % 5) + 1)] })
    }
    const before = await videoRow(video)
    expect(before.difficulty).not.toBeNull()
    const leaving = raters[5]
    const kept = await server.ctx.database.db.selectFrom('video_ratings').select('evidence').where('user_id', '=', leaving.id).executeTakeFirstOrThrow()
    await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.ratings.forgetLearner(trx, leaving.id))
    const after = await videoRow(video)
    expect(after.rating_count).toBe(5)
    expect(after.rating_evidence_sum).toBe(before.rating_evidence_sum - kept.evidence)
    expect(after.difficulty).toBe(difficultyScore({ level: 'advanced', count: 5, evidenceSum: after.rating_evidence_sum }))
    for (const table of ['video_ratings', 'rating_receipts'] as const) {
      expect(await server.ctx.database.db.selectFrom(table).select('video_id').where('user_id', '=', leaving.id).execute()).toEqual([])
    }
    expect((await summaryOf(raters[0].api, video)).my_rating).toBe(1)
  })
})

describe('GET /languages/CODE/videos by difficulty', () => {
  /** Scores set straight on the videos: this checks the list, the ratings are tested above. */
  async function scored(difficulty: number | null, language = 'yue') {
    const id = await seedVideo(server, { language })
    await server.ctx.database.db.updateTable('videos').set({ difficulty, difficulty_rank: difficulty ?? 101 }).where('id', '=', id).execute()
    return id
  }

  it('sorts easiest first with unscored videos last, filters a range, and pages through all of it', async () => {
    const { api } = await newLearner()
    // A language of their own (the other tests add videos to vi).
    const code = 'yue'
    const ids = { d40: await scored(40), d10: await scored(10), none1: await scored(null), d40b: await scored(40), d75: await scored(75), none2: await scored(null), d100: await scored(100) }
    const all = await api.get(`/languages/${code}/videos?sort=difficulty`)
    expect(all.status).toBe(200)
    // Ties (40, 40) and unscored ones: newest first (seedVideo makes each video older than the last).
    expect(all.body.data.map((v: { id: number }) => v.id)).toEqual([ids.d10, ids.d40, ids.d40b, ids.d75, ids.d100, ids.none1, ids.none2])
    expect(all.body.data.map((v: { difficulty: number | null }) => v.difficulty)).toEqual([10, 40, 40, 75, 100, null, null])

    const range = await api.get(`/languages/${code}/videos?sort=difficulty&difficulty_min=40&difficulty_max=75`)
    expect(range.body.data.map((v: { id: number }) => v.id)).toEqual([ids.d40, ids.d40b, ids.d75])
    const upTo = await api.get(`/languages/${code}/videos?difficulty_max=100`)
    expect(upTo.body.data.map((v: { id: number }) => v.id).sort()).toEqual([ids.d10, ids.d40, ids.d40b, ids.d75, ids.d100].sort())

    const paged: number[] = []
    let cursor: string | null = null
    do {
      const page: { body: { data: Array<{ id: number }>; next_cursor: string | null } } = await api.get(`/languages/${code}/videos?sort=difficulty&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      paged.push(...page.body.data.map((v) => v.id))
      cursor = page.body.next_cursor
    } while (cursor)
    expect(paged).toEqual(all.body.data.map((v: { id: number }) => v.id))

    expect((await api.get(`/languages/${code}/videos?difficulty_min=0`)).status).toBe(422)
    expect((await api.get(`/languages/${code}/videos?difficulty_max=101`)).status).toBe(422)
    expect((await api.get(`/languages/${code}/videos?sort=hardest`)).status).toBe(422)
  })

  it("shows each learner their own rating on the cards, and nobody else's", async () => {
    const first = await newLearner()
    const second = await newLearner()
    const video = await seedVideo(server, { language: 'vi', duration: 100 })
    await hasWatched(first.id, video, 100)
    await first.api.post('/ratings', { ratings: [rating(video, 2)] })
    const card = async (api: ReturnType<typeof apiClient>) =>
      ((await api.get('/languages/vi/videos?limit=200')).body.data as Array<{ id: number; my_rating: number | null }>).find((v) => v.id === video)
    expect((await card(first.api))?.my_rating).toBe(2)
    expect((await card(second.api))?.my_rating).toBeNull()
  })
})
