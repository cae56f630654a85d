import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkWatchEvents } from '../watch-ingest/check-events.ts'
import { createSqliteIngest } from '../watch-ingest/sqlite-ingest.ts'
import { makePremium, seedVideo, watchEvent } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let learner = 0

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: '180' } })
})
afterAll(() => server.close())

async function newLearner(zone = 'UTC') {
  const headers = { 'x-time-zone': zone }
  const { token, user } = await signIn(server, `watcher${++learner}@example.com`, headers)
  return { id: user.id, api: apiClient(server.api, { token, headers }) }
}

const event = (videoId: number, overrides: Record<string, unknown> = {}) => watchEvent(server, videoId, overrides)
/** occurred_at this many seconds before now: events of a test that must not share wall-clock time. */
const ago = (seconds: number) => new Date(server.clock.now() - seconds * 1000).toISOString()

const dayTotal = async (userId: number, day: string) =>
  (
    await server.ctx.database.db
      .selectFrom('daily_totals')
      .select('watch_seconds')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst()
  )?.watch_seconds ?? 0
const progressOf = (userId: number, videoId: number) =>
  server.ctx.database.db
    .selectFrom('video_progress')
    .select(['spans', 'covered_seconds'])
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .executeTakeFirstOrThrow()

describe('POST /watch_events', () => {
  it('counts the same batch once, however often it is sent', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server)
    const events = [event(video, { position_from: 0, position_to: 10, occurred_at: ago(10) }), event(video, { position_from: 10, position_to: 20 })]
    const first = await api.post('/watch_events', { events })
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ accepted: events.map((e) => e.client_id), duplicate: [], rejected: [] })
    for (let i = 0; i < 2; i++) {
      const again = await api.post('/watch_events', { events })
      expect(again.body.data).toEqual({ accepted: [], duplicate: events.map((e) => e.client_id), rejected: [] })
    }
    const today = (await api.get('/me/daily_progress')).body
    expect(today.today_watch_seconds).toBe(20)
    expect(await dayTotal(id, today.date)).toBe(20)
    // A repeat inside one batch is a duplicate too.
    const twin = event(video, { occurred_at: ago(60) })
    expect((await api.post('/watch_events', { events: [twin, twin] })).body.data).toMatchObject({ accepted: [twin.client_id], duplicate: [twin.client_id] })
  })

  it('accepts the good events of a mixed batch and rejects each bad one with its reason', async () => {
    const { api } = await newLearner()
    const video = await seedVideo(server)
    const now = server.clock.now()
    const good = event(video)
    const cases: Array<[Record<string, unknown>, string]> = [
      [event(video, { watched_seconds: -1 }), 'watched_seconds_out_of_range'],
      [event(video, { position_to: 70, watched_seconds: 61 }), 'watched_seconds_out_of_range'],
      [event(video, { position_to: 10, watched_seconds: 12.5 }), 'exceeds_played_span'],
      [event(video, { position_to: 20, playback_rate: 2, watched_seconds: 13 }), 'exceeds_played_span'],
      [event(video, { occurred_at: new Date(now - 31 * 86_400_000).toISOString() }), 'too_old'],
      [event(video, { occurred_at: new Date(now + 6 * 60_000).toISOString() }), 'in_the_future'],
      [event(999_999), 'unknown_video'],
      [event(await seedVideo(server, { published: false })), 'unknown_video'.replace('unknown_video', 'not_watchable')],
      [{ ...event(video), position_to: -3 }, 'invalid_event'],
      [{ client_id: 'not-a-uuid', video_id: video }, 'invalid_event'],
    ]
    const response = await api.post('/watch_events', { events: [good, ...cases.map(([e]) => e)] })
    expect(response.status).toBe(200)
    expect(response.body.data.accepted).toEqual([good.client_id])
    expect(response.body.data.rejected.map((r: { error: string }) => r.error)).toEqual(cases.map(([, error]) => error))
    // Edges that are still fine: 60 s, the 2 s of slack, 2x speed, 29 days old, 4 minutes ahead.
    const fine = [
      event(video, { position_to: 60, watched_seconds: 60, occurred_at: ago(20) }),
      event(video, { position_to: 10, watched_seconds: 12, occurred_at: ago(100) }),
      event(video, { position_to: 20, playback_rate: 2, watched_seconds: 10, occurred_at: ago(120) }),
      event(video, { occurred_at: new Date(now - 29 * 86_400_000).toISOString() }),
      event(video, { occurred_at: new Date(now + 4 * 60_000).toISOString() }),
    ]
    expect((await api.post('/watch_events', { events: fine })).body.data.accepted).toHaveLength(fine.length)
  })

  it('refuses more than 500 events or an empty list with 422', async () => {
    const { api } = await newLearner()
    const video = await seedVideo(server)
    expect((await api.post('/watch_events', { events: [] })).status).toBe(422)
    expect((await api.post('/watch_events', { events: Array.from({ length: 501 }, () => event(video)) })).status).toBe(422)
    const full = await api.post('/watch_events', { events: Array.from({ length: 500 }, (_, i) => event(video, { watched_seconds: 1, position_to: 1, occurred_at: ago(i) })) })
    expect(full.body.data.accepted).toHaveLength(500)
  })

  it("credits the local day of occurred_at in the user's zone, across a daylight-saving change", async () => {
    const { id, api } = await newLearner('America/New_York')
    const video = await seedVideo(server)
    // 2026-11-01 is the US fall-back day. 03:30 UTC on Nov 2 is still Nov 1 (22:30 EST) in New York.
    server.clock.travelTo(Date.parse('2026-11-03T12:00:00Z'))
    try {
      const occurred = ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-11-02T03:30:00Z', '2026-11-02T05:30:00Z']
      const events = occurred.map((iso) => event(video, { occurred_at: iso }))
      expect((await api.post('/watch_events', { events })).body.data.accepted).toHaveLength(4)
      expect(await dayTotal(id, '2026-11-01')).toBe(30) // 01:30 EDT, 01:30 EST, 22:30 EST
      expect(await dayTotal(id, '2026-11-02')).toBe(10) // 00:30 EST
    } finally {
      server.clock.reset()
    }
  })

  it('keeps the union of the spans a batch played, in any order', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server, { duration: 600 })
    const spans = [[30, 40], [35, 50], [10, 20], [45, 70], [300, 301], [60, 65]]
    const events = spans.map(([from, to], i) => event(video, { position_from: from, position_to: to, watched_seconds: to - from, occurred_at: ago(100 * i) }))
    expect((await api.post('/watch_events', { events })).body.data.accepted).toHaveLength(spans.length)
    const row = await progressOf(id, video)
    expect(JSON.parse(row.spans)).toEqual([[10, 20], [30, 70], [300, 301]])
    expect(row.covered_seconds).toBe(10 + 40 + 1)
  })

  it('splits a batch at local midnight to the second, in a quarter-hour zone', async () => {
    const { id, api } = await newLearner('Asia/Kathmandu') // UTC+05:45: midnight is 18:15 UTC
    const video = await seedVideo(server)
    server.clock.travelTo(Date.parse('2026-11-21T19:00:00Z'))
    try {
      const occurred = ['2026-11-20T18:14:58Z', '2026-11-20T18:14:59Z', '2026-11-20T18:15:00Z', '2026-11-20T18:15:01Z']
      const events = occurred.map((iso) => event(video, { occurred_at: iso, position_to: 1, watched_seconds: 1 }))
      expect((await api.post('/watch_events', { events })).body.data.accepted).toHaveLength(4)
      expect(await dayTotal(id, '2026-11-20')).toBe(2)
      expect(await dayTotal(id, '2026-11-21')).toBe(2)
    } finally {
      server.clock.reset()
    }
  })

  it('moves days with the zone: the same instant is today in Hanoi and yesterday in Los Angeles', async () => {
    const hanoi = await newLearner('Asia/Ho_Chi_Minh')
    const la = await newLearner('America/Los_Angeles')
    const video = await seedVideo(server)
    const instant = new Date(server.clock.now() - 60_000)
    const dayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(instant)
    await hanoi.api.post('/watch_events', { events: [event(video, { occurred_at: instant.toISOString() })] })
    await la.api.post('/watch_events', { events: [event(video, { occurred_at: instant.toISOString() })] })
    expect(await dayTotal(hanoi.id, dayIn('Asia/Ho_Chi_Minh'))).toBe(10)
    expect(await dayTotal(la.id, dayIn('America/Los_Angeles'))).toBe(10)
  })

  it('lets only premium users watch premium videos, and others only the preview of preview videos', async () => {
    const { id, api } = await newLearner()
    const premiumVideo = await seedVideo(server, { access: 'premium' })
    const previewVideo = await seedVideo(server, { access: 'preview' })
    const inPreview = event(previewVideo, { position_from: 100, position_to: 110 })
    const pastPreview = event(previewVideo, { position_from: 200, position_to: 210 })
    const premium = event(premiumVideo)
    const result = (await api.post('/watch_events', { events: [inPreview, pastPreview, premium] })).body.data
    expect(result.accepted).toEqual([inPreview.client_id])
    expect(result.rejected.map((r: { error: string }) => r.error)).toEqual(['not_watchable', 'not_watchable'])

    await makePremium(server, id)
    const later = [event(previewVideo, { position_from: 200, position_to: 210, occurred_at: ago(20) }), event(premiumVideo, { occurred_at: ago(40) })]
    expect((await api.post('/watch_events', { events: later })).body.data.accepted).toHaveLength(2)
  })

  it('answers batches sent at the same moment each with their own result, and a repeat across them counts once', async () => {
    const first = await newLearner()
    const second = await newLearner()
    const video = await seedVideo(server)
    const shared = event(video, { position_from: 0, position_to: 10 })
    const own = [event(video, { position_from: 10, position_to: 20, occurred_at: ago(20) }), event(video, { position_from: 20, position_to: 30, occurred_at: ago(40) })]
    const answers = await Promise.all([
      first.api.post('/watch_events', { events: [shared, own[0]] }),
      first.api.post('/watch_events', { events: [shared, own[1]] }),
      second.api.post('/watch_events', { events: [shared] }),
    ])
    const firstUser = answers.slice(0, 2).map((answer) => answer.body.data)
    expect(firstUser.flatMap((data) => data.accepted).sort()).toEqual([shared.client_id, ...own.map((e) => e.client_id)].sort())
    expect(firstUser.flatMap((data) => data.duplicate)).toEqual([shared.client_id])
    expect(answers[2].body.data).toEqual({ accepted: [shared.client_id], duplicate: [], rejected: [] })
    const today = (await first.api.get('/me/daily_progress')).body
    expect(today.today_watch_seconds).toBe(30)
    expect(await dayTotal(second.id, today.date)).toBe(10)
  })

  it('8 clients replaying the same batches at once store every event and count every second once', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server, { duration: 3600 })
    // Three batches of 50 events back to back: 1,500 s of distinct time in the last hour.
    const start = server.clock.now() - 3_000_000
    const batches = Array.from({ length: 3 }, (_, b) =>
      Array.from({ length: 50 }, (_, i) => {
        const n = b * 50 + i
        return event(video, { position_from: 10 * n, position_to: 10 * n + 10, occurred_at: new Date(start + 10_000 * (n + 1)).toISOString() })
      }),
    )
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, client) => Promise.all(batches.map((_, b) => api.post('/watch_events', { events: batches[(b + client) % 3] })))),
    )
    const data = answers.flat().map((answer) => answer.body.data)
    expect(data.flatMap((d) => d.accepted).sort()).toEqual(batches.flat().map((e) => e.client_id).sort())
    expect(data.flatMap((d) => d.duplicate)).toHaveLength(150 * 7)
    const stored = await server.ctx.database.db
      .selectFrom('watch_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(stored.n).toBe(150)
    const days = (await api.get('/me/progress')).body.data.days as { watch_seconds: number }[]
    expect(days.reduce((sum, day) => sum + day.watch_seconds, 0)).toBe(1500)
    expect((await progressOf(id, video)).spans).toBe('[[0,1500]]')
  })

  // Group commit is SQLite's (PostgreSQL commits each batch alone: pool-ingest.postgres.test.ts).
  it.skipIf(process.env.DEHIEU_TEST_ENGINE === 'postgres')('undoes only the batch that fails when batches are committed together', async () => {
    const { ctx } = server
    const failing = new Set<string>()
    const ingest = createSqliteIngest(ctx.sqlite, {
      previewSeconds: 180,
      // The store fails after writing the events of a batch holding a failing id.
      store: (store) => ({
        ...store,
        insertEvents(userId, receivedAt, events) {
          const inserted = store.insertEvents(userId, receivedAt, events)
          if (events.clientIds.some((id) => failing.has(id))) throw new Error('disk trouble')
          return inserted
        },
      }),
    })
    const { id } = await newLearner()
    const user = (await ctx.repositories.users.findById(id))!
    const video = await seedVideo(server)
    const good = event(video)
    const bad = [event(video, { position_from: 10, position_to: 20, occurred_at: ago(20) }), event(video, { position_from: 20, position_to: 30, occurred_at: ago(40) })]
    failing.add(bad[1].client_id)
    const now = server.clock.now()
    const store = (events: unknown[]) => ingest.store(user, checkWatchEvents(events, { now, timeZone: user.time_zone }), now)
    const [stored, refused] = await Promise.allSettled([store([good]), store(bad)])
    expect(stored).toEqual({ status: 'fulfilled', value: { accepted: [good.client_id], duplicate: [], rejected: [] } })
    expect(refused).toMatchObject({ status: 'rejected', reason: { message: 'disk trouble' } })
    // The failed batch left nothing behind, not even its first event; the other batch is whole.
    const storedIds = await ctx.database.db.selectFrom('watch_events').select('client_id').where('user_id', '=', id).execute()
    expect(storedIds.map((row) => row.client_id)).toEqual([good.client_id])
    expect(await dayTotal(id, new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(server.clock.now()))).toBe(10)
  })

  it('watching the same minute in two tabs counts it once', async () => {
    const { id, api } = await newLearner()
    const [videoA, videoB] = [await seedVideo(server, { duration: 600 }), await seedVideo(server, { duration: 600 })]
    const start = server.clock.now() - 600_000
    const at = (ms: number) => new Date(start + ms).toISOString()
    // Tab A plays a minute of video A; tab B plays video B at the same time, 5 s out of step.
    const tabA = Array.from({ length: 6 }, (_, k) => event(videoA, { position_from: 10 * k, position_to: 10 * k + 10, occurred_at: at(10_000 * (k + 1)) }))
    const tabB = Array.from({ length: 6 }, (_, k) => event(videoB, { position_from: 10 * k, position_to: 10 * k + 10, occurred_at: at(5_000 + 10_000 * (k + 1)) }))
    expect((await api.post('/watch_events', { events: tabA })).body.data.accepted).toHaveLength(6)
    const second = (await api.post('/watch_events', { events: tabB })).body.data
    // Only tab B's last 5 s reach past tab A's minute.
    expect(second.accepted).toEqual([tabB[5].client_id])
    expect(second.rejected).toEqual(tabB.slice(0, 5).map((e) => ({ client_id: e.client_id, error: 'overlap', message: expect.any(String) })))
    expect((await api.get('/me/daily_progress')).body.today_watch_seconds).toBe(65)
    // Video B's progress still shows what was played of it.
    const progressB = await progressOf(id, videoB)
    expect(JSON.parse(progressB.spans)).toEqual([[0, 60]])
    // Sent again, every event is a duplicate, never an overlap; the same minute under new ids adds nothing.
    expect((await api.post('/watch_events', { events: tabA })).body.data).toEqual({ accepted: [], duplicate: tabA.map((e) => e.client_id), rejected: [] })
    const replayed = tabA.map((e) => ({ ...e, client_id: event(videoA).client_id }))
    expect((await api.post('/watch_events', { events: replayed })).body.data.rejected.map((r: { error: string }) => r.error)).toEqual(Array(6).fill('overlap'))
    expect((await api.get('/me/daily_progress')).body.today_watch_seconds).toBe(65)
  })

  it('1,500 events of the same minute count one minute', async () => {
    const { api } = await newLearner()
    const video = await seedVideo(server)
    const occurred = new Date(server.clock.now() - 120_000).toISOString()
    const batch = () => Array.from({ length: 500 }, () => event(video, { position_to: 60, watched_seconds: 60, occurred_at: occurred }))
    for (let i = 0; i < 3; i++) await api.post('/watch_events', { events: batch() })
    expect((await api.get('/me/daily_progress')).body.today_watch_seconds).toBe(60)
  })

  it('a day never holds more than 24 hours', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server, { duration: 86_400 })
    server.clock.travelTo(Date.parse('2026-11-12T12:00:00Z'))
    try {
      // Minutes back to back from 23:59:30 the evening before to 23:59:59 on 2026-11-10: each lands on
      // the day it ends in, so that day is reached by 24 h and 29 s of distinct time.
      const firstEnd = Date.parse('2026-11-10T00:00:30Z')
      const events = Array.from({ length: 1440 }, (_, k) =>
        event(video, { position_from: (60 * k) % 86_000, position_to: ((60 * k) % 86_000) + 60, watched_seconds: 60, occurred_at: new Date(firstEnd + 60_000 * k).toISOString() }),
      )
      events.push(event(video, { position_from: 0, position_to: 29, watched_seconds: 29, occurred_at: '2026-11-10T23:59:59.000Z' }))
      for (let i = 0; i < events.length; i += 500) {
        expect((await api.post('/watch_events', { events: events.slice(i, i + 500) })).body.data.rejected).toEqual([])
      }
      expect(await dayTotal(id, '2026-11-10')).toBe(24 * 3600)
      const day = (await api.get('/me/progress')).body.data.days.find((d: { date: string }) => d.date === '2026-11-10')
      expect(day.watch_seconds).toBe(24 * 3600)
    } finally {
      server.clock.reset()
    }
  })

  it('counts listening (audio only) toward the goal exactly as watching, once per wall-clock second, and keeps which it was', async () => {
    const { id, api } = await newLearner()
    const video = await seedVideo(server)
    const listened = [event(video, { position_from: 0, position_to: 10, occurred_at: ago(100), mode: 'listened' }), event(video, { position_from: 10, position_to: 20, occurred_at: ago(90), mode: 'listened' })]
    const watched = event(video, { position_from: 20, position_to: 30, occurred_at: ago(30), mode: 'watched' })
    const unsaid = event(video, { position_from: 30, position_to: 40, occurred_at: ago(10) }) // no mode: watched
    // The same ten seconds of wall-clock time listened in another tab: counted already.
    // (The very same instant: ago() read a millisecond later could cross into a second not yet counted.)
    const twice = event(video, { position_from: 0, position_to: 10, occurred_at: listened[1]!.occurred_at, mode: 'listened', client_id: undefined })
    const bad = event(video, { occurred_at: ago(200), mode: 'dreamed' })
    const answer = (await api.post('/watch_events', { events: [...listened, watched, unsaid, { ...twice, client_id: event(video).client_id }, bad] })).body.data
    expect(answer.accepted).toEqual([...listened, watched, unsaid].map((e) => e.client_id))
    expect(answer.rejected.map((r: { error: string; message: string }) => [r.error, r.message])).toEqual([
      ['overlap', expect.any(String)],
      ['invalid_event', 'mode: must be watched or listened'],
    ])
    // Sent again: nothing more counts.
    expect((await api.post('/watch_events', { events: [...listened, watched] })).body.data.duplicate).toHaveLength(3)

    const progress = (await api.get('/me/progress')).body.data
    expect(progress.today_watch_seconds).toBe(40)
    expect(progress.today_listen_seconds).toBe(20)
    const today = progress.days[progress.days.length - 1]
    expect(today).toMatchObject({ watch_seconds: 40, listen_seconds: 20 })
    expect(await dayTotal(id, today.date)).toBe(40)
    const modes = await server.ctx.database.db.selectFrom('watch_events').select(['position_from', 'mode']).where('user_id', '=', id).orderBy('position_from').execute()
    expect(modes.map((row) => [Number(row.position_from), row.mode])).toEqual([[0, 'listened'], [10, 'listened'], [20, 'watched'], [30, 'watched']])
  })

  it('answers 401 without a token', async () => {
    expect((await apiClient(server.api).post('/watch_events', { events: [] })).status).toBe(401)
  })
})
