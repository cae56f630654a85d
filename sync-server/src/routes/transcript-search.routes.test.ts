/**
 * Transcript search finds only the lines the searcher may read (issue 45, item 2), on whichever engine
 * the project runs (SQLite's FTS5 index, PostgreSQL's pg_trgm): with `q=` a free learner could tell
 * whether a premium video's transcript held a text, and so read it a character at a time ("password
 * is zebra42" in about 40 requests), and lines past a preview's cut matched too. A premium learner and
 * an admin find every line; titles are public and found by anyone.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublishFields, VideoSummary } from '../../../contract/index.ts'
import { makePremium } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor, updateUser } from '../../test-support/users.ts'

const PREVIEW = 30
let server: TestServer
const videos = { free: 0, premium: 0, preview: 0 }

/** A processed submission with this track, published at this access level. */
async function videoWith(ownerToken: string, ownerId: number, access: 'free' | 'premium' | 'preview', title: string, vtt: string) {
  const { id } = await server.ctx.database.db
    .insertInto('submissions')
    .values({
      user_id: ownerId,
      title,
      proficiency_level: 'beginner',
      language_code: 'vi',
      processing_state: 'ready',
      media_key: crypto.randomBytes(16).toString('hex'),
      duration_seconds: 60,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const put = await fetch(`${server.api}/submissions/${id}/captions/vi`, { method: 'PUT', headers: { 'content-type': 'text/vtt', authorization: `Bearer ${ownerToken}` }, body: vtt })
  expect(put.status).toBe(200)
  const fields: PublishFields = {
    title,
    description: '',
    proficiency_level: 'beginner',
    is_free: access === 'free',
    youtube_title: null,
    youtube_description: null,
    series_mode: 'none',
    series_id: null,
    new_series_name: null,
    new_series_description: null,
    episode_number: null,
  }
  return server.ctx.services.publishing.publishAs(id, fields, access)
}

const track = (...cues: Array<[string, string, string]>) => ['WEBVTT', '', ...cues.flatMap(([from, to, text]) => [`${from} --> ${to}`, text, ''])].join('\n')

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: String(PREVIEW) } })
  const owner = await signIn(server, 'owner@example.com')
  await makeContributor(server, owner.user.id)
  videos.premium = await videoWith(owner.token, owner.user.id, 'premium', 'Bí mật', track(['00:00:02.000', '00:00:05.000', 'The password is zebra42.']))
  videos.preview = await videoWith(
    owner.token,
    owner.user.id,
    'preview',
    'Đi chợ',
    track(['00:00:05.000', '00:00:08.000', 'Xin chào các bạn.'], ['00:00:25.000', '00:00:35.000', 'Hôm nay đi chợ với mẹ.'], ['00:00:40.000', '00:00:45.000', 'Mua rau muống và cá.']),
  )
  videos.free = await videoWith(owner.token, owner.user.id, 'free', 'Buổi sáng', track(['00:00:01.000', '00:00:04.000', 'Mua rau muống ở chợ.']))
})
afterAll(() => server.close())

async function searcher(kind: 'learner' | 'premium' | 'admin') {
  const { token, user } = await signIn(server, `${kind}-${crypto.randomUUID().slice(0, 8)}@example.com`)
  if (kind === 'premium') await makePremium(server, user.id)
  if (kind === 'admin') await updateUser(server, user.id, { is_admin: 1 })
  const api = apiClient(server.api, { token })
  return async (q: string) => {
    const answer = await api.get<{ data: VideoSummary[] }>(`/languages/vi/videos?q=${encodeURIComponent(q)}`)
    expect(answer.status).toBe(200)
    const mine = new Set(Object.values(videos))
    return new Map(answer.body.data.filter((video) => mine.has(video.id)).map((video) => [video.id, video.match ?? null]))
  }
}

describe('transcript search and access', () => {
  it("never finds a premium video by its lines for a free learner, a character at a time or whole", async () => {
    const search = await searcher('learner')
    expect([...(await search('zebra42')).keys()]).toEqual([])
    expect([...(await search('password is')).keys()]).toEqual([])
    // The attack: grow the known text one character at a time; no guess is ever told apart.
    for (const next of 'abcdefghijklmnopqrstuvwxyz0123456789') expect((await search(`password is ${next}`)).has(videos.premium), next).toBe(false)
    // Its title is public, and still finds it (without a line).
    expect(await search('Bí mật')).toEqual(new Map([[videos.premium, null]]))
  })

  it("finds a preview's lines before its cut for a free learner, and none past it", async () => {
    const search = await searcher('learner')
    expect(await search('chợ với')).toEqual(new Map([[videos.preview, { start: 25, text: 'Hôm nay đi chợ với mẹ.' }]]))
    // "rau muống" is in the free video's transcript and past the preview's cut (40 s) in the other.
    expect(await search('rau muống')).toEqual(new Map([[videos.free, { start: 1, text: 'Mua rau muống ở chợ.' }]]))
    expect([...(await search('và cá')).keys()]).toEqual([])
  })

  it('finds every line for a premium learner and an admin', async () => {
    for (const kind of ['premium', 'admin'] as const) {
      const search = await searcher(kind)
      expect(await search('zebra42'), kind).toEqual(new Map([[videos.premium, { start: 2, text: 'The password is zebra42.' }]]))
      expect(await search('và cá'), kind).toEqual(new Map([[videos.preview, { start: 40, text: 'Mua rau muống và cá.' }]]))
      expect([...(await search('rau muống')).keys()].sort(), kind).toEqual([videos.free, videos.preview].sort())
    }
  })

  it('searches short text (no trigram index) under the same rule', async () => {
    const learner = await searcher('learner')
    const premium = await searcher('premium')
    expect((await learner('42')).has(videos.premium)).toBe(false)
    expect((await premium('42')).has(videos.premium)).toBe(true)
    // "và" is only in the preview's line at 40 s, past its cut.
    expect((await learner('và')).has(videos.preview)).toBe(false)
    expect((await premium('và')).has(videos.preview)).toBe(true)
  })
})
