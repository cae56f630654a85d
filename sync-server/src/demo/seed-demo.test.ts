/** The demo seed: an empty data folder gets a published catalogue through the real pipeline, once. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { hasData, seedDemoCatalogue } from './seed-demo.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(() => server?.close())

it('is off in tests unless asked, seeds an empty DATA_DIR through the job pipeline, and is skipped once data exists', async () => {
  expect(server.ctx.config.seedDemo).toBe(false)
  expect(await hasData(server.ctx)).toBe(false)
  const jobs = await seedDemoCatalogue(server.ctx, { clipSeconds: 1 })
  expect(jobs).toHaveLength(6)
  await server.ctx.jobs.whenIdle()
  for (const id of jobs) expect(await server.ctx.jobs.get(id)).toMatchObject({ state: 'done' })

  const videos = await server.ctx.database.db
    .selectFrom('videos')
    .select(['proficiency_level', 'access_level', 'series_id', 'episode_number', 'media_key', 'published_at'])
    .orderBy('id')
    .execute()
  expect(videos).toHaveLength(6)
  expect(new Set(videos.map((v) => v.proficiency_level))).toEqual(new Set(['introductory', 'beginner', 'intermediate', 'advanced']))
  expect(new Set(videos.map((v) => v.access_level))).toEqual(new Set(['free', 'premium', 'preview']))
  expect(videos.filter((v) => v.series_id !== null).map((v) => v.episode_number)).toEqual([1, 2, 3])
  expect(videos.every((v) => v.media_key && v.published_at)).toBe(true)

  const learner = apiClient(server.api, { token: (await signIn(server, 'learner@example.com')).token })
  const series = await learner.get('/languages/vi/series')
  expect(series.body.data).toEqual([expect.objectContaining({ name: 'Một ngày ở Hà Nội', video_count: 3, next_episode_number: 4 })])
  expect((await learner.get('/languages')).body.data.find((l: { code: string }) => l.code === 'vi').video_count).toBe(6)

  expect(await hasData(server.ctx)).toBe(true)
  expect(await seedDemoCatalogue(server.ctx, { clipSeconds: 1 })).toEqual([])
})
