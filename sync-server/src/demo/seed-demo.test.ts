/**
 * The demo seed: an empty data folder gets a published catalogue that speaks, through the real
 * pipeline, once; video by video, shortest introductory first, with a log line per video made and
 * published and one when complete, and its progress readable while it goes.
 */
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { wordKey } from '../../../contract/index.ts'
import { maxVolume } from '../../test-support/audio-level.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { mediaDir } from '../storage/media-paths.ts'
import { DEMO_VIDEOS } from './catalogue.ts'
import { DEMO_ORDER, DEMO_SPEAKERS, demoProgress, hasData, logDemoPublishing, seedDemoCatalogue } from './seed-demo.ts'

const VIETNAMESE = DEMO_VIDEOS.filter((video) => video.language === 'vi')
const CANTONESE = DEMO_VIDEOS.filter((video) => video.language === 'yue')

let server: TestServer
const lines: { msg: string; title?: string; video?: number; of?: number }[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number])
    done()
  },
})

beforeAll(async () => {
  server = await startTestServer({ logger: pino({ level: 'info' }, sink) })
})

afterAll(() => server?.close())

it('is off in tests unless asked, seeds an empty DATA_DIR through the job pipeline, and is skipped once data exists', async () => {
  expect(server.ctx.config.seedDemo).toBe(false)
  expect(await hasData(server.ctx)).toBe(false)
  expect(await demoProgress(server.ctx.database.db)).toBeNull()
  // No demo seeded yet: the list is told there is none being made.
  expect((await apiClient(server.api).get('/demo/progress')).body).toEqual({ data: null })
  const stopLog = logDemoPublishing(server.ctx)
  // The first saying of each script: the short demo, through the same pipeline.
  const jobs = await seedDemoCatalogue(server.ctx, { sayings: 1 })
  expect(jobs).toHaveLength(DEMO_VIDEOS.length)
  await server.ctx.jobs.whenIdle()
  for (const id of jobs) expect(await server.ctx.jobs.get(id)).toMatchObject({ state: 'done' })
  expect((await apiClient(server.api).get('/demo/progress')).body).toEqual({ data: { total: DEMO_VIDEOS.length, ready: DEMO_VIDEOS.length } })
  // Per language: each shelf counts its own videos, and a language without a demo has none to wait for.
  const vietnamese = DEMO_VIDEOS.filter((video) => video.language === 'vi').length
  expect((await apiClient(server.api).get('/demo/progress?language=vi')).body).toEqual({ data: { total: vietnamese, ready: vietnamese } })
  expect((await apiClient(server.api).get('/demo/progress?language=yue')).body).toEqual({ data: { total: CANTONESE.length, ready: CANTONESE.length } })
  expect((await apiClient(server.api).get('/demo/progress?language=fr')).body).toEqual({ data: { total: 0, ready: 0 } })

  // Made and queued video by video, introductory first and the shortest of them first; Cantonese after Vietnamese.
  expect(DEMO_ORDER.slice(0, 3).every((video) => video.level === 'introductory')).toBe(true)
  expect(DEMO_ORDER.slice(-CANTONESE.length).every((video) => video.language === 'yue')).toBe(true)
  const made = lines.filter((line) => line.msg.startsWith('demo video made: '))
  expect(made.map((line) => [line.title, line.video, line.of])).toEqual(DEMO_ORDER.map((video, index) => [video.title, index + 1, DEMO_VIDEOS.length]))
  expect([...jobs].sort((a, b) => a - b)).toEqual(jobs)
  // A line per video published, then one for the whole demo.
  await expect.poll(() => lines.some((line) => line.msg === `demo catalogue complete: ${DEMO_VIDEOS.length} videos published`)).toBe(true)
  const published = lines.filter((line) => line.msg.startsWith('demo video published: '))
  expect(new Set(published.map((line) => line.title))).toEqual(new Set(DEMO_VIDEOS.map((video) => video.title)))
  expect(published.map((line) => line.video)).toEqual(DEMO_VIDEOS.map((_, index) => index + 1))
  stopLog()

  const videos = await server.ctx.database.db
    .selectFrom('videos')
    .select(['title', 'proficiency_level', 'access_level', 'series_id', 'episode_number', 'media_key', 'published_at'])
    .orderBy('id')
    .execute()
  expect(videos.map((v) => v.title)).toEqual(DEMO_ORDER.map((v) => v.title))
  expect(new Set(videos.map((v) => v.proficiency_level))).toEqual(new Set(['introductory', 'beginner', 'intermediate', 'advanced']))
  expect(new Set(videos.map((v) => v.access_level))).toEqual(new Set(['free', 'premium', 'preview']))
  expect(videos.filter((v) => v.series_id !== null).map((v) => v.episode_number)).toEqual([1, 2, 3])
  expect(videos.every((v) => v.media_key && v.published_at)).toBe(true)

  // What a learner streams speaks: the transcoded 360p rendition's audio is not silence.
  const hello = videos.find((v) => v.title === 'Xin chào!')!
  expect(await maxVolume(path.join(mediaDir(server.dataDir, hello.media_key!), 'v360p', 'index.m3u8'))).toBeGreaterThan(-30)

  const learner = apiClient(server.api, { token: (await signIn(server, 'learner@example.com')).token })
  // Each video in its voice's dialect, all three present; Vietnamese captions on all, English on the introductory ones.
  const listed = (await learner.get('/languages/vi/videos?limit=50')).body.data as { id: number; title: string; dialect: string; has_captions: string[] }[]
  for (const video of VIETNAMESE) {
    const summary = listed.find((v) => v.title === video.title)
    expect(summary, video.title).toMatchObject({ dialect: video.dialect })
    expect([...summary!.has_captions].sort(), video.title).toEqual(video.level === 'introductory' ? ['en', 'vi'] : ['vi'])
  }
  expect(new Set(listed.map((v) => v.dialect))).toEqual(new Set(['northern', 'central', 'southern']))
  // Each video names its speaker (its voice) as its guide from the start: the guide filter has three.
  const guided = (await learner.get('/languages/vi/videos?limit=50')).body.data as { title: string; dialect: keyof typeof DEMO_SPEAKERS; guides: { id: number; display_name: string | null }[] }[]
  for (const video of guided) expect(video.guides.map((guide) => guide.display_name), video.title).toEqual([DEMO_SPEAKERS[video.dialect].name])
  // The Cantonese shelf: each video with a Traditional and an English track, no dialect, the synthetic voice its guide.
  const shelf = (await learner.get('/languages/yue/videos?limit=50')).body.data as { id: number; title: string; dialect: string | null; has_captions: string[]; guides: { display_name: string | null }[] }[]
  expect(shelf.map((video) => video.title).sort()).toEqual(CANTONESE.map((video) => video.title).sort())
  for (const video of shelf) {
    expect([...video.has_captions].sort(), video.title).toEqual(['en', 'yue'])
    expect(video, video.title).toMatchObject({ dialect: null, guides: [{ display_name: DEMO_SPEAKERS.cantonese.name }] })
    // Every character of its transcript has its Jyutping; every word its meaning.
    const transcript = (await learner.get(`/videos/${video.id}/transcript?lang=yue`)).body.data as Array<{ text: string; readings: Array<{ from: number; to: number; reading: string }> }>
    for (const cue of transcript) expect(cue.readings.map((r) => cue.text.slice(r.from, r.to)).join(''), cue.text).toBe(cue.text.replace(/[\p{P}\s]/gu, ''))
  }
  expect(new Set(guided.flatMap((video) => video.guides.map((guide) => guide.id))).size).toBe(3)
  // A learner reads the transcript of the first video in either language.
  const helloId = listed.find((v) => v.title === 'Xin chào!')!.id
  const helloLine = DEMO_VIDEOS.find((v) => v.title === 'Xin chào!')!.script.lines[0]
  expect((await learner.get(`/videos/${helloId}/transcript?lang=vi`)).body.data).toEqual([expect.objectContaining({ text: helloLine.said })])
  expect((await learner.get(`/videos/${helloId}/transcript?lang=en`)).body.data).toEqual([expect.objectContaining({ text: helloLine.en })])
  // The stored cues are the script's: here its first saying, in each language.
  const cues = await server.ctx.database.db
    .selectFrom('caption_cues')
    .innerJoin('videos', 'videos.submission_id', 'caption_cues.submission_id')
    .select(['videos.title', 'caption_cues.language', 'caption_cues.text'])
    .orderBy('caption_cues.id')
    .execute()
  for (const video of DEMO_VIDEOS) {
    const first = video.script.lines[0]
    expect(cues.filter((cue) => cue.title === video.title && cue.language === video.language).map((cue) => cue.text), video.title).toEqual([first.said])
    if (video.captions.includes('en')) {
      expect(cues.filter((cue) => cue.title === video.title && cue.language === 'en').map((cue) => cue.text), video.title).toEqual([first.en])
    }
  }
  // Every word of every transcript a premium learner reads has a meaning in the lexicon the device downloads.
  const premium = apiClient(server.api, { token: (await signIn(server, 'premium@example.com')).token })
  await server.ctx.database.db.updateTable('users').set({ is_premium: 1 }).where('email', '=', 'premium@example.com').execute()
  const lexicon = (await premium.get('/languages/vi/lexicon')).body.data as { entries: Array<{ headword: string; glosses: string[] }> }
  const meanings = new Map(lexicon.entries.map((entry) => [wordKey(entry.headword), entry.glosses]))
  for (const video of listed) {
    const transcript = (await premium.get(`/videos/${video.id}/transcript?lang=vi`)).body.data as Array<{ tokens: Array<{ key: string }> }>
    const keys = transcript.flatMap((cue) => cue.tokens.map((token) => token.key))
    expect(keys.length, video.title).toBeGreaterThan(0)
    expect(keys.filter((key) => !meanings.get(key)?.length), video.title).toEqual([])
  }
  const series = await learner.get('/languages/vi/series')
  expect(series.body.data).toEqual([expect.objectContaining({ name: 'Một ngày ở Hà Nội', video_count: 3, next_episode_number: 4 })])
  const languages = (await learner.get('/languages')).body.data as Array<{ code: string; video_count: number }>
  expect(languages.find((l) => l.code === 'vi')!.video_count).toBe(VIETNAMESE.length)
  expect(languages.find((l) => l.code === 'yue')!.video_count).toBe(CANTONESE.length)

  expect(await hasData(server.ctx)).toBe(true)
  expect(await seedDemoCatalogue(server.ctx, { sayings: 1 })).toEqual([])
}, 120_000)
