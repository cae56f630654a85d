import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { makePremium, seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let learnerCount = 0

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: '180' } })
})
afterAll(() => server.close())

async function newLearner(options: { premium?: boolean } = {}) {
  const { token, user } = await signIn(server, `cat${++learnerCount}@example.com`)
  if (options.premium) await makePremium(server, user.id)
  return { id: user.id, api: apiClient(server.api, { token }) }
}

// Each span a minute before the next, as one learner plays them: time that overlaps counts once.
const watch = (api: ReturnType<typeof apiClient>, videoId: number, spans: Array<[number, number]>, occurredAt = new Date()) =>
  api.post('/watch_events', {
    events: spans.map(([from, to], i) => ({
      client_id: uuidv7(),
      video_id: videoId,
      position_from: from,
      position_to: to,
      watched_seconds: Math.min(60, to - from),
      playback_rate: 1,
      occurred_at: new Date(occurredAt.getTime() - (spans.length - 1 - i) * 61_000).toISOString(),
    })),
  })

describe('GET /languages/:code/videos', () => {
  it('lists published videos newest first with filters, search, level sort and cursors', async () => {
    const { api } = await newLearner()
    const ids = {
      intro: await seedVideo(server, { language: 'yue', level: 'introductory', title: 'Dim sum 100% fun', access: 'free' }),
      adv: await seedVideo(server, { language: 'yue', level: 'advanced', title: 'Harbour talk', access: 'premium' }),
      beg: await seedVideo(server, { language: 'yue', level: 'beginner', title: 'Market_day', access: 'preview' }),
      draft: await seedVideo(server, { language: 'yue', level: 'beginner', title: 'Unpublished', published: false }),
    }
    const all = await api.get('/languages/yue/videos')
    expect(all.status).toBe(200)
    expect(all.body.data.map((v: { id: number }) => v.id)).toEqual([ids.intro, ids.adv, ids.beg])
    expect(all.body.next_cursor).toBeNull()
    expect(all.body.data[0]).toMatchObject({
      title: 'Dim sum 100% fun',
      language_code: 'yue',
      proficiency_level: 'introductory',
      access_level: 'free',
      duration_seconds: 600,
      series: null,
      episode_number: null,
      progress: null,
    })

    const ids_ = (query: string) => api.get(`/languages/yue/videos${query}`).then((r) => r.body.data.map((v: { id: number }) => v.id))
    expect(await ids_('?level=advanced')).toEqual([ids.adv])
    expect(await ids_('?access=preview')).toEqual([ids.beg])
    expect(await ids_('?q=harbour')).toEqual([ids.adv])
    expect(await ids_('?q=100%25')).toEqual([ids.intro]) // % is literal, not a wildcard
    expect(await ids_('?q=m_s')).toEqual([]) // _ is literal too: as a wildcard it would match 'Dim sum'
    expect(await ids_('?sort=level')).toEqual([ids.intro, ids.beg, ids.adv])

    const first = await api.get('/languages/yue/videos?limit=2')
    expect(first.body.data).toHaveLength(2)
    const second = await api.get(`/languages/yue/videos?limit=2&cursor=${first.body.next_cursor}`)
    expect(second.body.data.map((v: { id: number }) => v.id)).toEqual([ids.beg])
    expect(second.body.next_cursor).toBeNull()
    const levelFirst = await api.get('/languages/yue/videos?limit=1&sort=level')
    const levelNext = await api.get(`/languages/yue/videos?limit=5&sort=level&cursor=${levelFirst.body.next_cursor}`)
    expect(levelNext.body.data.map((v: { id: number }) => v.id)).toEqual([ids.beg, ids.adv])

    // For you: a new learner's level (introductory) first, the advanced premium video last; pages follow it.
    expect(await ids_('?sort=for_you')).toEqual([ids.intro, ids.beg, ids.adv])
    const forYouFirst = await api.get('/languages/yue/videos?limit=1&sort=for_you')
    const forYouNext = await api.get(`/languages/yue/videos?limit=5&sort=for_you&cursor=${forYouFirst.body.next_cursor}`)
    expect(forYouNext.body.data.map((v: { id: number }) => v.id)).toEqual([ids.beg, ids.adv])
    const bad = await api.get('/languages/yue/videos?sort=best')
    expect(bad.status).toBe(422)
    expect(bad.body.errors ?? bad.body.message).toBeTruthy()
  })

  it('answers 422 with a sentence to a limit or a difficulty that is not a whole number in range (1e2, 0x10, 0)', async () => {
    const { api } = await newLearner()
    const refused = {
      'limit=1e2': 'limit must be a whole number from 1 to 200.',
      'limit=0x10': 'limit must be a whole number from 1 to 200.',
      'limit=1.0': 'limit must be a whole number from 1 to 200.',
      'limit=%201': 'limit must be a whole number from 1 to 200.',
      'limit=201': 'limit must be a whole number from 1 to 200.',
      'limit=0': 'limit must be a whole number from 1 to 200.',
      'difficulty_min=0': 'difficulty_min must be a whole number from 1 to 100.',
      'difficulty_min=1e1': 'difficulty_min must be a whole number from 1 to 100.',
      'difficulty_max=101': 'difficulty_max must be a whole number from 1 to 100.',
    }
    for (const [query, message] of Object.entries(refused)) {
      const answer = await api.get(`/languages/vi/videos?${query}`)
      expect(answer.status, query).toBe(422)
      expect(answer.body, query).toMatchObject({ error: 'validation_failed', errors: [message] })
    }
    expect((await api.get('/languages/vi/videos?limit=1&limit=2')).status).toBe(422)
    for (const query of ['limit=100', 'limit=', 'difficulty_min=1&difficulty_max=100', 'difficulty_min=']) {
      expect((await api.get(`/languages/vi/videos?${query}`)).status, query).toBe(200)
    }
    expect((await api.get('/me/progress?days=1e2')).body.errors).toEqual(['days must be a whole number from 1 to 365.'])
    expect((await api.get('/languages/vi/next_for_you?limit=1e1')).body.errors).toEqual(['limit must be a whole number from 1 to 50.'])
  })

  it('shows my progress on each video and hides the finished ones when asked', async () => {
    const { api } = await newLearner()
    const finished = await seedVideo(server, { duration: 100 })
    const started = await seedVideo(server, { duration: 100 })
    await watch(api, finished, [[0, 50], [50, 95]])
    await watch(api, started, [[0, 30], [20, 40]])
    const list = (await api.get('/languages/vi/videos?limit=200')).body.data as Array<{ id: number; progress: { percent: number } | null }>
    expect(list.find((v) => v.id === finished)?.progress).toEqual({ percent: 95, last_position_seconds: 95 })
    expect(list.find((v) => v.id === started)?.progress).toEqual({ percent: 40, last_position_seconds: 40 })
    const hidden = (await api.get('/languages/vi/videos?limit=200&hide_finished=1')).body.data.map((v: { id: number }) => v.id)
    expect(hidden).toContain(started)
    expect(hidden).not.toContain(finished)
  })

  it('answers 404 for an unknown language, 422 for a bad filter or cursor, 401 without a token', async () => {
    const { api } = await newLearner()
    expect((await api.get('/languages/xx/videos')).status).toBe(404)
    expect((await api.get('/languages/vi/videos?level=expert')).status).toBe(422)
    expect((await api.get('/languages/vi/videos?limit=500')).status).toBe(422)
    expect((await api.get('/languages/vi/videos?cursor=bm9wZQ')).status).toBe(422)
    expect((await apiClient(server.api).get('/languages/vi/videos')).status).toBe(401)
  })
})

describe('GET /videos/:id', () => {
  it('tells each learner what they may watch, with a grant only where they may', async () => {
    const learner = await newLearner()
    const premium = await newLearner({ premium: true })
    const key = 'c'.repeat(32)
    const free = await seedVideo(server, { access: 'free', mediaKey: key })
    const paid = await seedVideo(server, { access: 'premium', mediaKey: 'd'.repeat(32) })
    const preview = await seedVideo(server, { access: 'preview', mediaKey: 'e'.repeat(32) })

    const freeDetail = (await learner.api.get(`/videos/${free}`)).body.data
    expect(freeDetail).toMatchObject({ can_watch: 'full', creators: [], youtube_id: null, thumbnail_url: `/media/${key}/poster.jpg` })
    expect(freeDetail.playback).toMatchObject({ hls_url: expect.stringMatching(/^\/media\/v\/[0-9a-f]{32}\/master\.m3u8\?grant=.+$/), preview_seconds: null })

    expect((await learner.api.get(`/videos/${paid}`)).body.data).toMatchObject({ can_watch: 'none', playback: null })
    expect((await premium.api.get(`/videos/${paid}`)).body.data).toMatchObject({ can_watch: 'full', playback: { preview_seconds: null } })
    expect((await learner.api.get(`/videos/${preview}`)).body.data).toMatchObject({ can_watch: 'preview', playback: { preview_seconds: 180 } })
    expect((await premium.api.get(`/videos/${preview}`)).body.data).toMatchObject({ can_watch: 'full', playback: { preview_seconds: null } })

    expect((await learner.api.get('/videos/999999')).status).toBe(404)
    expect((await learner.api.get(`/videos/${await seedVideo(server, { published: false })}`)).status).toBe(404)
    expect((await learner.api.get('/videos/abc')).status).toBe(404) // not an id: names nothing
  })

  it('says whether the video has the audio-only rendition, its size, and its signed playlist that plays and downloads in parts', async () => {
    // The ladders first: ffmpeg runs synchronously here, and a client's idle connection must not wait through it.
    const keys = [makeHlsFixture(server.dataDir, 6, { audioOnly: true }), makeHlsFixture(server.dataDir, 6), makeHlsFixture(server.dataDir, 6, { audioOnly: true })]
    const learner = await newLearner()
    const withAudio = await seedVideo(server, { access: 'free', duration: 6, mediaKey: keys[0] })
    // A ladder made before the audio-only rendition existed: no choice offered, never a broken link.
    const before = await seedVideo(server, { access: 'free', duration: 6, mediaKey: keys[1] })
    const paid = await seedVideo(server, { access: 'premium', duration: 6, mediaKey: keys[2] })

    const detail = (await learner.api.get(`/videos/${withAudio}`)).body.data
    // 50,000 b/s measured × 6 s / 8 bytes.
    expect(detail.audio_only).toEqual({ bytes_estimate: 37_500 })
    expect(detail.playback.audio_hls_url).toBe(detail.playback.hls_url.replace('/master.m3u8?', '/a48k/index.m3u8?'))
    const audioUrl = new URL(detail.playback.audio_hls_url, server.api)
    const playlist = await fetch(audioUrl)
    expect(playlist.status).toBe(200)
    expect(await playlist.text()).toMatch(/#EXT-X-MAP:URI="init\.mp4(\?grant=[^"]+)?"/)
    const part = new URL('part?from=0&count=2', audioUrl)
    part.searchParams.set('grant', audioUrl.searchParams.get('grant')!)
    const partAnswer = await fetch(part)
    expect(partAnswer.status).toBe(200)
    expect(partAnswer.headers.get('x-part-files')).toMatch(/^init\.mp4=\d+,seg_000\.m4s=\d+$/)
    // Signed like the rest: a grant altered by one character opens nothing.
    const forged = new URL(audioUrl)
    const grant = audioUrl.searchParams.get('grant')!
    forged.searchParams.set('grant', `${grant.slice(0, -1)}${grant.endsWith('A') ? 'B' : 'A'}`)
    expect((await fetch(forged)).status).toBe(403)

    expect((await learner.api.get(`/videos/${before}`)).body.data).toMatchObject({ audio_only: null, playback: { audio_hls_url: null } })
    // Without access: the size is said (the choice comes with premium), no playlist is handed out.
    expect((await learner.api.get(`/videos/${paid}`)).body.data).toMatchObject({ can_watch: 'none', playback: null, audio_only: { bytes_estimate: 37_500 } })
  })
})

describe('GET /me/progress', () => {
  it('adds up time, streaks by each day goal, the last viewed video and videos in progress by covered share', async () => {
    const { id, api } = await newLearner()
    const a = await seedVideo(server, { duration: 200, language: 'vi' })
    const b = await seedVideo(server, { duration: 100, language: 'vi' })
    const now = server.clock.now()
    await watch(api, a, [[0, 60], [0, 60], [150, 160]], new Date(now - 2 * 86_400_000))
    await watch(api, b, [[0, 45]], new Date(now - 60_000))
    // Yesterday and today: 15 minutes each (the default goal); two days ago only 130 s.
    const { db } = server.ctx.database
    await db.updateTable('daily_totals').set({ watch_seconds: 900 }).where('user_id', '=', id).where('day', '=', dayOf(now)).execute()
    await db.insertInto('daily_totals').values({ user_id: id, day: dayOf(now - 86_400_000), watch_seconds: 900, goal_minutes: 15 }).execute()

    const progress = (await api.get('/me/progress?language=vi')).body.data
    expect(progress.total_watch_seconds).toBe(60 + 60 + 10 + 45)
    expect(progress.today_watch_seconds).toBe(900)
    expect(progress.current_streak_days).toBe(2)
    expect(progress.longest_streak_days).toBe(2)
    expect(progress.last_viewed.id).toBe(b)
    expect(progress.in_progress.map((p: { video: { id: number }; percent: number }) => [p.video.id, p.percent])).toEqual([
      [b, 45],
      [a, 35], // (60 + 10) of 200: the union, not the furthest position (160)
    ])
    expect(progress.days).toHaveLength(30)
    expect(progress.days[29]).toMatchObject({ date: dayOf(now), watch_seconds: 900, goal_met: true })
    expect(progress.days[27]).toMatchObject({ date: dayOf(now - 2 * 86_400_000), goal_met: false })

    expect((await api.get('/me/progress?language=xx')).status).toBe(404)
    expect((await apiClient(server.api).get('/me/progress')).status).toBe(401)
  })

  it('keeps a video with a few seconds watched in progress at 0%, and leaves a finished one out', async () => {
    const { api } = await newLearner()
    const long = await seedVideo(server, { duration: 3600, language: 'vi' })
    const finished = await seedVideo(server, { duration: 100, language: 'vi' })
    await watch(api, finished, [[0, 60], [60, 90]], new Date(server.clock.now() - 120_000))
    await watch(api, long, [[0, 20]], new Date(server.clock.now() - 60_000))
    const progress = (await api.get('/me/progress?language=vi')).body.data
    expect(progress.in_progress).toEqual([{ video: expect.objectContaining({ id: long }), percent: 0, last_position_seconds: 20 }])
    expect(progress.last_viewed.id).toBe(long)
  })
})

describe('progress read on either engine', () => {
  it('reads progress rows and day totals as written: list progress, hide_finished, /me/progress', async () => {
    const { id, api } = await newLearner()
    const a = await seedVideo(server, { duration: 200, language: 'yue' })
    const b = await seedVideo(server, { duration: 100, language: 'yue' })
    const done = await seedVideo(server, { duration: 100, language: 'yue' })
    const { db } = server.ctx.database
    const now = server.clock.now()
    const row = (videoId: number, spans: Array<[number, number]>, watched: number, at: number) => ({
      user_id: id,
      video_id: videoId,
      spans: JSON.stringify(spans),
      covered_seconds: spans.reduce((sum, [from, to]) => sum + to - from, 0),
      watch_seconds: watched,
      last_position_seconds: spans[spans.length - 1][1],
      last_watched_at: new Date(at).toISOString(),
    })
    await db
      .insertInto('video_progress')
      .values([row(a, [[0, 60], [150, 160]], 130, now - 3_600_000), row(b, [[0, 45]], 45, now - 60_000), row(done, [[0, 95]], 95, now - 7_200_000)])
      .execute()
    await db.insertInto('daily_totals').values([
      { user_id: id, day: dayOf(now), watch_seconds: 900, goal_minutes: 15 },
      { user_id: id, day: dayOf(now - 86_400_000), watch_seconds: 900, goal_minutes: 15 },
    ]).execute()

    const list = (await api.get('/languages/yue/videos?limit=200')).body.data as Array<{ id: number; progress: unknown }>
    expect(list.find((v) => v.id === a)?.progress).toEqual({ percent: 35, last_position_seconds: 160 })
    expect(list.find((v) => v.id === done)?.progress).toEqual({ percent: 95, last_position_seconds: 95 })
    const shown = (await api.get('/languages/yue/videos?limit=200&hide_finished=1')).body.data.map((v: { id: number }) => v.id)
    expect(shown).toEqual(expect.arrayContaining([a, b]))
    expect(shown).not.toContain(done)
    expect((await api.get(`/videos/${b}`)).body.data.progress).toEqual({ percent: 45, last_position_seconds: 45 })

    const progress = (await api.get('/me/progress?language=yue')).body.data
    expect(progress.total_watch_seconds).toBe(130 + 45 + 95)
    expect(progress.today_watch_seconds).toBe(900)
    expect(progress.current_streak_days).toBe(2)
    expect(progress.last_viewed.id).toBe(b)
    expect(progress.in_progress.map((p: { video: { id: number }; percent: number }) => [p.video.id, p.percent])).toEqual([
      [b, 45],
      [a, 35],
    ])
  })
})

describe('comments', () => {
  it('are for premium members: others get 403 premium_required', async () => {
    const { api } = await newLearner()
    const video = await seedVideo(server)
    const list = await api.get(`/videos/${video}/comments`)
    expect(list.status).toBe(403)
    expect(list.body.error).toBe('premium_required')
    expect((await api.post(`/videos/${video}/comments`, { comment: { text: 'Hay quá!', client_id: uuidv7() } })).status).toBe(403)
  })

  it('refuses a comment of zero-width or filler characters as empty', async () => {
    const { api } = await newLearner({ premium: true })
    const video = await seedVideo(server)
    for (const text of ['\u200B\u200B\u200B', '\u3164\u3164', '\u2800 \u200D']) {
      const refused = await api.post(`/videos/${video}/comments`, { comment: { text, client_id: uuidv7() } })
      expect(refused.status, JSON.stringify(text)).toBe(422)
      expect(refused.body.errors).toEqual(['Comment cannot be empty'])
    }
    expect((await api.get(`/videos/${video}/comments`)).body.data).toEqual([])
  })

  it('shows a comment as it was typed, without the bidi controls that would make it read backwards', async () => {
    const { api } = await newLearner({ premium: true })
    const video = await seedVideo(server)
    // "Hay quá" with a right-to-left override and isolates around "quá": on screen, "áuq".
    const typed = 'Hay \u202Equá\u202C \u2066rồi\u2069 \u202A\u202B\u202D\u2067\u2068!'
    const saved = await api.post(`/videos/${video}/comments`, { comment: { text: typed, client_id: uuidv7() } })
    expect(saved.status).toBe(201)
    expect(saved.body.data.text).toBe('Hay quá rồi !')
    expect((await api.get(`/videos/${video}/comments`)).body.data.map((comment: { text: string }) => comment.text)).toEqual(['Hay quá rồi !'])
    // Only controls: nothing to show, refused as empty.
    const empty = await api.post(`/videos/${video}/comments`, { comment: { text: '\u202E\u2066\u2069', client_id: uuidv7() } })
    expect(empty.status).toBe(422)
  })

  it("answers 409 when a comment's client_id was already used on another video, and never shows that other comment", async () => {
    const { api } = await newLearner({ premium: true })
    const [first, second] = [await seedVideo(server), await seedVideo(server)]
    const clientId = uuidv7()
    expect((await api.post(`/videos/${first}/comments`, { comment: { text: 'Video một', client_id: clientId } })).status).toBe(201)
    const reused = await api.post(`/videos/${second}/comments`, { comment: { text: 'Video hai', client_id: clientId } })
    expect(reused.status).toBe(409)
    expect(reused.body.error).toBe('conflict')
    expect(JSON.stringify(reused.body)).not.toContain('Video một')
    expect((await api.get(`/videos/${second}/comments`)).body.data).toEqual([])
    // The same video again is still a retry: 200 with the first.
    expect((await api.post(`/videos/${first}/comments`, { comment: { text: 'Video một', client_id: clientId } })).status).toBe(200)
  })

  it('answers 404 for an id that is not plain decimal, in every spelling that would once have found the video', async () => {
    const { api } = await newLearner({ premium: true })
    const video = await seedVideo(server)
    expect((await api.get(`/videos/${video}`)).status).toBe(200)
    for (const spelling of [`0x${video.toString(16)}`, `0${video}`, `+${video}`, `%20${video}`, `${video}.0`, `${video}e0`, `${video}%00`]) {
      expect((await api.get(`/videos/${spelling}`)).status, spelling).toBe(404)
      expect((await api.get(`/videos/${spelling}/comments`)).status, `${spelling}/comments`).toBe(404)
    }
  })

  it('eight clients posting the same comments at once store each exactly once', async () => {
    const { id, api } = await newLearner({ premium: true })
    const video = await seedVideo(server)
    const clientIds = Array.from({ length: 5 }, () => uuidv7())
    // Eight tabs' outboxes sending the same five comments, each in its own order.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, tab) =>
        Promise.all(clientIds.map((_, n) => clientIds[(n + tab) % 5]).map((clientId) => api.post(`/videos/${video}/comments`, { comment: { text: `Bình luận ${clientId}`, client_id: clientId } }))),
      ),
    )
    const flat = answers.flat()
    expect(flat.filter((answer) => answer.status === 201)).toHaveLength(5)
    expect(flat.filter((answer) => answer.status === 200)).toHaveLength(35)
    const rows = await server.ctx.database.db.selectFrom('comments').select(['id', 'client_id']).where('user_id', '=', id).execute()
    expect(rows.map((row) => row.client_id).sort()).toEqual([...clientIds].sort())
    for (const answer of flat) expect(rows.find((row) => row.id === answer.body.data.id)?.client_id).toBe(answer.body.data.text.slice('Bình luận '.length))
    expect((await api.get(`/videos/${video}/comments?limit=50`)).body.data).toHaveLength(5)
  })

  it('post once per client_id, validate like the spec, and list oldest first with cursors', async () => {
    const { api } = await newLearner({ premium: true })
    const video = await seedVideo(server)
    const clientId = uuidv7()
    const first = await api.post(`/videos/${video}/comments`, { comment: { text: '  Cảm ơn bạn!  ', client_id: clientId } })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ text: 'Cảm ơn bạn!', author: { display_name: null } })
    const again = await api.post(`/videos/${video}/comments`, { comment: { text: 'Cảm ơn bạn!', client_id: clientId } })
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(first.body.data.id)

    const empty = await api.post(`/videos/${video}/comments`, { comment: { text: '   ', client_id: uuidv7() } })
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual(['Comment cannot be empty'])
    expect((await api.post(`/videos/${video}/comments`, { comment: { text: 'x'.repeat(1999), client_id: uuidv7() } })).status).toBe(201)
    const long = await api.post(`/videos/${video}/comments`, { comment: { text: 'x'.repeat(2000), client_id: uuidv7() } })
    expect(long.status).toBe(422)
    expect(long.body.errors).toEqual(['Comment must be under 2000 characters'])

    const page1 = await api.get(`/videos/${video}/comments?limit=1`)
    expect(page1.body.data.map((c: { text: string }) => c.text)).toEqual(['Cảm ơn bạn!'])
    const page2 = await api.get(`/videos/${video}/comments?limit=5&cursor=${page1.body.next_cursor}`)
    expect(page2.body.data).toHaveLength(1)
    expect(page2.body.next_cursor).toBeNull()
    expect((await api.get('/videos/999999/comments')).status).toBe(404)
  })
})

function dayOf(epochMs: number) {
  return new Date(epochMs).toISOString().slice(0, 10)
}
