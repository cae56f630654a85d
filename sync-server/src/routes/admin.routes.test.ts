import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePremium, seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { mediaDir } from '../storage/media-paths.ts'

let server: TestServer
let admin: ReturnType<typeof apiClient>
let adminToken: string
let learner: { id: number; token: string; api: ReturnType<typeof apiClient> }

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'admin@example.com', OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  adminToken = (await signIn(server, 'admin@example.com')).token
  admin = apiClient(server.api, { token: adminToken })
  const signedIn = await signIn(server, 'lan@example.com')
  learner = { id: signedIn.user.id, token: signedIn.token, api: apiClient(server.api, { token: signedIn.token }) }
})
afterAll(() => server.close())

// Smallest valid images: the server sniffs bytes, not names.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082', 'hex')

describe('admin videos', () => {
  it('lists with search and access filter, and changes a video access so a learner loses playback at once', async () => {
    const key = makeHlsFixture(server.dataDir, 4)
    const video = await seedVideo(server, { title: 'Phở ở Hà Nội', access: 'free', mediaKey: key })
    await seedVideo(server, { title: 'Something else', access: 'premium' })

    const found = await admin.get('/admin/videos?q=phở')
    expect(found.status).toBe(200)
    expect(found.body.data).toEqual([
      expect.objectContaining({ id: video, title: 'Phở ở Hà Nội', access_level: 'free', thumbnail_url: `/media/${key}/poster.jpg`, youtube_thumbnail_url: null }),
    ])
    // Blind to case and accents: "ha noi" finds "Hà Nội".
    expect((await admin.get('/admin/videos?q=ha%20noi')).body.data.map((v: { id: number }) => v.id)).toEqual([video])
    expect((await admin.get(`/admin/videos?q=${encodeURIComponent('PHỞ Ở')}`)).body.data.map((v: { id: number }) => v.id)).toEqual([video])
    expect((await admin.get('/admin/videos?q=P')).body.data.map((v: { id: number }) => v.id)).toContain(video)
    expect((await admin.get('/admin/videos?access=premium')).body.data.every((v: { access_level: string }) => v.access_level === 'premium')).toBe(true)

    expect((await learner.api.get(`/videos/${video}`)).body.data.can_watch).toBe('full')
    const changed = await admin.patch(`/admin/videos/${video}`, { video: { access_level: 'premium' } })
    expect(changed.status).toBe(200)
    expect(changed.body.data.access_level).toBe('premium')
    expect((await learner.api.get(`/videos/${video}`)).body.data).toMatchObject({ can_watch: 'none', playback: null })
    expect((await admin.patch(`/admin/videos/${video}`, { video: { access_level: 'gold' } })).status).toBe(422)
    expect((await admin.patch('/admin/videos/999999', { video: { access_level: 'free' } })).status).toBe(404)
  })

  it('takes thumbnails sniffed by their bytes, at least one, 5 MB each', async () => {
    const key = makeHlsFixture(server.dataDir, 2)
    const video = await seedVideo(server, { mediaKey: key })
    const upload = (parts: Record<string, Buffer>) => {
      const form = new FormData()
      for (const [name, bytes] of Object.entries(parts)) form.append(name, new Blob([new Uint8Array(bytes)]), 'picture.png')
      return fetch(`${server.api}/admin/videos/${video}/thumbnails`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form })
    }
    const none = await upload({})
    expect(none.status).toBe(422)
    expect((await none.json()).errors).toEqual(['Please choose at least one image to upload.'])
    expect((await upload({ thumbnail: Buffer.from('not an image at all, just text') })).status).toBe(415)
    expect((await upload({ thumbnail: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) })).status).toBe(413)

    const ok = await upload({ thumbnail: PNG, youtube_thumbnail: PNG })
    expect(ok.status).toBe(200)
    const body = (await ok.json()).data
    expect(body.thumbnail_url).toMatch(new RegExp(`^/media/${key}/thumbnail-[a-z0-9]+\\.png$`))
    expect(body.youtube_thumbnail_url).toMatch(/youtube-thumbnail-[a-z0-9]+\.png$/)
    const served = await fetch(`${server.baseUrl}${body.thumbnail_url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    // Nothing left behind in the scratch folder.
    expect(fs.readdirSync(path.join(server.dataDir, 'incoming')).filter((f) => f.endsWith('.part'))).toEqual([])
    expect(fs.readdirSync(mediaDir(server.dataDir, key)).filter((f) => f.startsWith('thumbnail-'))).toHaveLength(1)

    const learnerUpload = await fetch(`${server.api}/admin/videos/${video}/thumbnails`, { method: 'POST', headers: { authorization: `Bearer ${learner.token}` }, body: new FormData() })
    expect(learnerUpload.status).toBe(403)
  })
})

describe('admin users', () => {
  it('finds people by e-mail or name and renames them with no premium rule and no cooldown', async () => {
    const found = await admin.get('/admin/users?q=lan@')
    expect(found.body.data).toEqual([expect.objectContaining({ id: learner.id, email: 'lan@example.com', display_name: null, is_premium: false })])
    const renamed = await admin.patch(`/admin/users/${learner.id}`, { user: { display_name: 'Lan Anh' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.display_name).toBe('Lan Anh')
    expect((await admin.patch(`/admin/users/${learner.id}`, { user: { display_name: 'Lan Chi' } })).status).toBe(200)
    expect((await admin.get('/admin/users?q=Lan Chi')).body.data).toHaveLength(1)
    // The learner's own change is not blocked by what the admin did.
    await makePremium(server, learner.id)
    expect((await learner.api.get('/me')).body).toMatchObject({ display_name: 'Lan Chi', can_change_display_name: true })
    await makePremium(server, learner.id, false)
    expect((await admin.patch(`/admin/users/${learner.id}`, { user: { display_name: 'x' } })).status).toBe(422)
    expect((await admin.patch(`/admin/users/${learner.id}`, { user: {} })).status).toBe(422)
  })

  it('lets an admin give a staff name but never an invisible one', async () => {
    expect((await admin.patch(`/admin/users/${learner.id}`, { user: { display_name: 'Support' } })).status).toBe(200)
    for (const name of ['\u3164\u3164\u3164', 'a' + '\u0301'.repeat(31), 'Lan\u200B']) {
      expect((await admin.patch(`/admin/users/${learner.id}`, { user: { display_name: name } })).status, JSON.stringify(name)).toBe(422)
    }
  })

  it('grants and removes the contributor role', async () => {
    expect((await admin.patch(`/admin/users/${learner.id}`, { user: { is_contributor: true } })).body.data.is_contributor).toBe(true)
    expect((await learner.api.get('/me')).body.is_contributor).toBe(true)
    expect((await admin.patch(`/admin/users/${learner.id}`, { user: { is_contributor: false } })).body.data.is_contributor).toBe(false)
    expect((await admin.patch('/admin/users/999999', { user: { is_contributor: true } })).status).toBe(404)
  })

  it('pages through many users with cursors, newest first', async () => {
    await server.ctx.database.db
      .insertInto('users')
      .values(Array.from({ length: 120 }, (_, i) => ({ email: `bulk${i}@example.com`, created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() })))
      .execute()
    const seen = new Set<number>()
    let cursor: string | null = null
    do {
      const page: { body: { data: Array<{ id: number; email: string }>; next_cursor: string | null } } = await admin.get(
        `/admin/users?q=bulk&limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      )
      for (const user of page.body.data) seen.add(user.id)
      cursor = page.body.next_cursor
    } while (cursor)
    expect(seen.size).toBe(120)
  })
})

describe('admin feedback', () => {
  it('searches, filters by time range, and shows one with its environment data', async () => {
    await makePremium(server, learner.id, false)
    const sent = await learner.api.post('/user_feedbacks', { user_feedback: { feedback: 'The player froze on my phone.', environment_data: { userAgent: 'UA', sessionDuration: 5 } } })
    const old = await server.ctx.database.db
      .insertInto('user_feedbacks')
      .values({ user_id: learner.id, feedback: 'Một ghi chú cũ về phụ đề (subtitles)', environment_data: null, created_at: new Date(Date.now() - 20 * 86_400_000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()

    const recent = await admin.get('/admin/feedback?range=7d')
    expect(recent.body.data.map((f: { id: number }) => f.id)).toEqual([sent.body.data.id])
    expect((await admin.get('/admin/feedback?range=30d')).body.data).toHaveLength(2)
    for (const q of ['subtitles', 'phu de', 'ghi chú cũ', 'GHI CHU']) {
      expect((await admin.get(`/admin/feedback?q=${encodeURIComponent(q)}`)).body.data.map((f: { id: number }) => f.id), q).toEqual([old.id])
    }
    // The sender's e-mail is searched too.
    expect((await admin.get('/admin/feedback?q=lan@example')).body.data).toHaveLength(2)

    const one = await admin.get(`/admin/feedback/${sent.body.data.id}`)
    expect(one.body.data).toEqual({
      id: sent.body.data.id,
      feedback: 'The player froze on my phone.',
      environment_data: { userAgent: 'UA', sessionDuration: 5 },
      user: { id: learner.id, email: 'lan@example.com', display_name: expect.any(String) },
      created_at: expect.any(String),
    })
    expect((await admin.get('/admin/feedback?range=1y')).status).toBe(422)
    expect((await admin.get('/admin/feedback/999999')).status).toBe(404)
  })

  it('is for admins only', async () => {
    for (const path of ['/admin/feedback', '/admin/users', '/admin/videos', '/admin/feedback/1']) {
      expect((await learner.api.get(path)).status, path).toBe(403)
      expect((await apiClient(server.api).get(path)).status, path).toBe(401)
    }
  })
})
