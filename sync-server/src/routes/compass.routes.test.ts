import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { makePremium, seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let learner = 0

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
})
afterAll(() => server.close())

async function newLearner() {
  const { token, user } = await signIn(server, `compass${++learner}@example.com`)
  return { id: user.id as number, api: apiClient(server.api, { token }) }
}

const HOUR = 3600
const db = () => server.ctx.database.db
const isoAgo = (seconds: number) => new Date(server.clock.now() - seconds * 1000).toISOString()
/** The UTC day `n` days before today (the learners here keep the default zone, UTC). */
const dayAgo = (n: number) => new Date(server.clock.now() - n * 86_400_000).toISOString().slice(0, 10)

/** The learner's progress on a video: `covered` seconds of it, `watchSeconds` of time spent. */
async function progress(userId: number, videoId: number, covered: number, watchSeconds = covered) {
  await db()
    .insertInto('video_progress')
    .values({ user_id: userId, video_id: videoId, spans: JSON.stringify([[0, covered]]), covered_seconds: covered, watch_seconds: watchSeconds, last_position_seconds: covered, last_watched_at: isoAgo(60) })
    .execute()
}

async function dayTotal(userId: number, day: string, seconds: number, goalMinutes = 15) {
  await db().insertInto('daily_totals').values({ user_id: userId, day, watch_seconds: seconds, goal_minutes: goalMinutes }).execute()
}

async function outside(userId: number, day: string, minutes: number) {
  await db().insertInto('outside_hours').values({ user_id: userId, client_id: uuidv7(), day, minutes, kind: 'listening', note: '', created_at: isoAgo(0) }).execute()
}

async function series(name: string, language = 'vi') {
  const row = await db().insertInto('series').values({ language_code: language, name, description: '', created_at: isoAgo(0) }).returning('id').executeTakeFirstOrThrow()
  return row.id
}

async function episode(seriesId: number, number: number, options: Parameters<typeof seedVideo>[1] = {}) {
  const id = await seedVideo(server, { duration: 100, ...options })
  await db().updateTable('videos').set({ series_id: seriesId, episode_number: number }).where('id', '=', id).execute()
  return id
}

async function scored(difficulty: number, options: Parameters<typeof seedVideo>[1] = {}) {
  const id = await seedVideo(server, { duration: 100, language: 'yue', ...options })
  // As if a thousand learners had put it there: one more rating leaves it where it is.
  await db().updateTable('videos').set({ difficulty, difficulty_rank: difficulty, rating_count: 1000, rating_evidence_sum: difficulty * 1000 }).where('id', '=', id).execute()
  return id
}

describe('GET /me/progress over a year', () => {
  it('answers up to 365 days, oldest first, each with its watch time and the goal in force that day', async () => {
    const { id, api } = await newLearner()
    await dayTotal(id, dayAgo(0), 1200, 15)
    await dayTotal(id, dayAgo(100), 600, 5)
    await dayTotal(id, dayAgo(364), 3600, 60)
    await dayTotal(id, dayAgo(365), 7200, 60) // one day too old for the year
    // The goal was 60 until 200 days ago, then 10: days without watch time show the goal of their day.
    await db().deleteFrom('daily_goal_changes').where('user_id', '=', id).execute()
    await db().insertInto('daily_goal_changes').values([{ user_id: id, day: dayAgo(400), goal_minutes: 60 }, { user_id: id, day: dayAgo(200), goal_minutes: 10 }]).execute()

    const year = (await api.get('/me/progress?language=vi&days=365')).body.data
    expect(year.days).toHaveLength(365)
    expect(year.days[0]).toEqual({ date: dayAgo(364), watch_seconds: 3600, listen_seconds: 0, goal_minutes: 60, goal_met: true })
    expect(year.days[364]).toEqual({ date: dayAgo(0), watch_seconds: 1200, listen_seconds: 0, goal_minutes: 15, goal_met: true })
    expect(year.days[264]).toEqual({ date: dayAgo(100), watch_seconds: 600, listen_seconds: 0, goal_minutes: 5, goal_met: true })
    expect(year.days[364 - 250]).toMatchObject({ date: dayAgo(250), watch_seconds: 0, listen_seconds: 0, goal_minutes: 60, goal_met: false })
    expect(year.days[364 - 150]).toMatchObject({ date: dayAgo(150), watch_seconds: 0, goal_minutes: 10 })
    expect(year.days.reduce((sum: number, day: { watch_seconds: number }) => sum + day.watch_seconds, 0)).toBe(1200 + 600 + 3600)

    const month = (await api.get('/me/progress?language=vi')).body.data
    expect(month.days).toHaveLength(30)
    expect(month.days.at(-1)).toEqual(year.days.at(-1))
    for (const bad of ['0', '366', '7.5', 'year']) expect((await api.get(`/me/progress?language=vi&days=${bad}`)).status).toBe(422)
  })

  it('says how far the next roadmap level is, and in how many days at the last 30 days\' pace', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server, { duration: 100 })
    // 40 h watched in Vietnamese and 5 h logged outside: 45 h, so level 2 (50 h) is 5 h away.
    await progress(id, video, 100, 40 * HOUR)
    await outside(id, dayAgo(3), 300)
    // The last 30 days hold 10 h of watch time and those 5 h outside: 15 h, half an hour a day.
    for (let i = 0; i < 10; i++) await dayTotal(id, dayAgo(i * 2), HOUR)
    await dayTotal(id, dayAgo(40), 20 * HOUR) // before the pace window
    const data = (await api.get('/me/progress?language=vi')).body.data
    expect(data.total_input_seconds).toBe(45 * HOUR)
    expect(data.next_level).toEqual({ level: 2, hours_needed: 5, days_at_current_pace: 10 })

    // Nothing in the last 30 days: no pace to go by.
    const idle = await newLearner()
    await progress(idle.id, await seedVideo(server, { duration: 100 }), 100, 160 * HOUR)
    await dayTotal(idle.id, dayAgo(45), 160 * HOUR)
    expect((await idle.api.get('/me/progress?language=vi')).body.data.next_level).toEqual({ level: 4, hours_needed: 140, days_at_current_pace: null })

    // Past the roadmap's last level (1500 h) there is no next one.
    const done = await newLearner()
    await progress(done.id, await seedVideo(server, { duration: 100 }), 100, 1600 * HOUR)
    expect((await done.api.get('/me/progress?language=vi')).body.data.next_level).toBeNull()
  })

  it('shows progress in the series the learner started and in every level', async () => {
    const { id, api } = await newLearner()
    const market = await series('Chợ nổi')
    const untouched = await series('Phở')
    const episodes = [await episode(market, 1), await episode(market, 2), await episode(market, 3, { level: 'intermediate' })]
    await episode(market, 4, { published: false })
    await episode(untouched, 1)
    await progress(id, episodes[0], 95) // finished (90% or more)
    await progress(id, episodes[1], 30) // started
    const data = (await api.get('/me/progress?language=vi')).body.data
    expect(data.series).toEqual([{ id: market, name: 'Chợ nổi', finished: 1, total: 3 }])
    const beginner = data.levels.find((row: { level: string }) => row.level === 'beginner')
    expect(beginner.finished).toBe(1)
    const total = await db().selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).where('language_code', '=', 'vi').where('proficiency_level', '=', 'beginner').where('published_at', 'is not', null).executeTakeFirstOrThrow()
    expect(beginner.total).toBe(Number(total.n))
    expect(data.levels.map((row: { level: string }) => row.level)).toEqual(['beginner', 'intermediate'])
  })
})

describe('GET /videos/ID/up_next and /languages/CODE/next_for_you', () => {
  it('plays the next episode of the series, skipping one already finished', async () => {
    const { id, api } = await newLearner()
    const show = await series('Đi chợ')
    const [first, second, third] = [await episode(show, 1), await episode(show, 2), await episode(show, 3)]
    expect((await api.get(`/videos/${first}/up_next`)).body.data).toMatchObject({ id: second, series: { id: show }, episode_number: 2 })
    await progress(id, second, 100)
    const next = (await api.get(`/videos/${first}/up_next`)).body.data
    expect(next).toMatchObject({ id: third, episode_number: 3, difficulty: null, my_rating: null })
    expect(next.progress).toBeNull()
    expect((await api.get('/videos/999999/up_next')).status).toBe(404)
  })

  describe('the pick, among scored Cantonese videos', () => {
    let v: Record<'d20' | 'd40' | 'd60' | 'd80' | 'rated', number>
    beforeEach(async () => {
      // A catalogue of its own: earlier tests' Cantonese videos leave it.
      await db().updateTable('videos').set({ published_at: null }).where('language_code', '=', 'yue').execute()
      v = { d20: await scored(20), d40: await scored(40), d60: await scored(60, { access: 'premium' }), d80: await scored(80), rated: await scored(50) }
    })

    it('goes a level below where my ratings put me, among what I may play and have not finished', async () => {
      const { id, api } = await newLearner()
      // "Understood almost everything" of a 50: I am at about 80, so I am offered what sits near 65.
      await progress(id, v.rated, 60)
      expect((await api.post('/ratings', { ratings: [{ client_id: uuidv7(), video_id: v.rated, understood: 5, occurred_at: isoAgo(10) }] })).body.data.accepted).toHaveLength(1)
      // 60 is nearest, but premium: 80 is as near as 50, and 50 is the video just watched.
      expect((await api.get(`/videos/${v.rated}/up_next`)).body.data.id).toBe(v.d80)
      await makePremium(server, id)
      expect((await api.get(`/videos/${v.rated}/up_next`)).body.data.id).toBe(v.d60)
      await progress(id, v.d60, 95)
      expect((await api.get(`/videos/${v.rated}/up_next`)).body.data.id).toBe(v.d80)

      // Next for you: only videos not started, nearest first.
      const forYou = (await api.get('/languages/yue/next_for_you?limit=3')).body.data.map((video: { id: number }) => video.id)
      expect(forYou).toEqual([v.d80, v.d40, v.d20])
    })

    it('without ratings, goes by the level my input hours give me', async () => {
      const newcomer = await newLearner()
      expect((await newcomer.api.get(`/videos/${v.d80}/up_next`)).body.data.id).toBe(v.d20)
      // 700 h of input: advanced (70): 80 is nearest.
      const seasoned = await newLearner()
      await progress(seasoned.id, v.d40, 100, 700 * HOUR)
      expect((await seasoned.api.get(`/videos/${v.d20}/up_next`)).body.data.id).toBe(v.d80)
      expect((await seasoned.api.get('/languages/yue/next_for_you')).body.data.map((video: { id: number }) => video.id)).toEqual([v.d80, v.rated, v.d20])
    })

    it('fills in with videos of my level when too few are scored, and answers null when nothing is left', async () => {
      const { id, api } = await newLearner()
      const unscored = await seedVideo(server, { language: 'yue', level: 'introductory', duration: 100 })
      const forYou = (await api.get('/languages/yue/next_for_you?limit=10')).body.data.map((video: { id: number }) => video.id)
      expect(forYou).toEqual([v.d20, v.d40, v.rated, v.d80, unscored])
      for (const video of [v.d20, v.d40, v.d80, unscored]) await progress(id, video, 100)
      expect((await api.get(`/videos/${v.rated}/up_next`)).body.data).toBeNull()
      expect((await api.get('/languages/zz/next_for_you')).status).toBe(404)
      expect((await api.get('/languages/yue/next_for_you?limit=51')).status).toBe(422)
    })
  })
})
