/**
 * What one person, or everyone together, may put on the server's disk (issue 29, items 5 and 6): the
 * reserve of free space every upload is refused under (507), the hourly ceiling of the open application
 * form, and the unfinished uploads one contributor may hold (429), each answered in the contract's shape.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOADS_PATH } from '../../../contract/index.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor, updateUser } from '../../test-support/users.ts'
import { applicationsDir, uploadsDir } from '../storage/media-paths.ts'

const MP4_HEAD = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex')

async function contributor(server: TestServer, email: string) {
  const session = await signIn(server, email)
  await makeContributor(server, session.user.id)
  return { id: session.user.id, token: session.token, api: apiClient(server.api, { token: session.token }) }
}

async function newSubmission(api: ReturnType<typeof apiClient>): Promise<number> {
  const answer = await api.post('/submissions', {
    submission: { title: 'Chợ nổi', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: true },
  })
  expect(answer.status).toBe(201)
  return answer.body.data.id
}

/** A tus creation as tus-js-client sends it, declaring `length` bytes (or a deferred length). */
async function createUpload(server: TestServer, token: string, submissionId: number, length: number | 'deferred') {
  const response = await fetch(`${server.baseUrl}${UPLOADS_PATH}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      ...(length === 'deferred' ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
      'upload-metadata': `submission_id ${Buffer.from(String(submissionId)).toString('base64')},filename ${Buffer.from('clip.mp4').toString('base64')}`,
    },
  })
  const text = await response.text()
  return { status: response.status, location: response.headers.get('location'), body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
}

function applicationForm(email: string) {
  const form = new FormData()
  form.append('name', 'Lan')
  form.append('email', email)
  form.append('location', 'Huế')
  form.append('english_ability', 'a_little')
  form.append('notes', '')
  form.append('video', new Blob([new Uint8Array(MP4_HEAD)], { type: 'video/mp4' }), 'sample.mp4')
  return form
}
async function apply(server: TestServer, email: string) {
  const response = await fetch(`${server.api}/contributor_applications`, { method: 'POST', body: applicationForm(email) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, retryAfter: response.headers.get('retry-after') }
}
const storedApplicationVideos = (server: TestServer) => (fs.existsSync(applicationsDir(server.dataDir)) ? fs.readdirSync(applicationsDir(server.dataDir)) : [])

describe('a contributor cannot promise the disk more than their share of unfinished uploads', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { UNFINISHED_UPLOADS_PER_CONTRIBUTOR: '2', UNFINISHED_UPLOAD_BYTES_PER_CONTRIBUTOR: '3000', MAX_UPLOAD_BYTES: '2500' } })
  })
  afterAll(() => server.close())

  it('refuses a third unfinished upload with 429 upload_quota_exceeded; replacing one is no new one; a cancelled one frees its place', async () => {
    const lan = await contributor(server, 'lan.quota@example.com')
    const [first, second, third] = [await newSubmission(lan.api), await newSubmission(lan.api), await newSubmission(lan.api)]
    expect((await createUpload(server, lan.token, first, 1000)).status).toBe(201)
    const secondUpload = await createUpload(server, lan.token, second, 1000)
    expect(secondUpload.status).toBe(201)
    const refused = await createUpload(server, lan.token, third, 1000)
    expect(refused).toMatchObject({ status: 429, body: { error: 'upload_quota_exceeded', message: expect.stringContaining('Finish or cancel one first'), unfinished_uploads: 2 } })
    // Nothing was stored for the refused one: two uploads (data and sidecar each) on disk.
    expect(fs.readdirSync(uploadsDir(server.dataDir)).filter((name) => !name.endsWith('.json'))).toHaveLength(2)
    // Starting the first one again replaces it: still two.
    expect((await createUpload(server, lan.token, first, 1000)).status).toBe(201)
    // Cancelling the second frees its place.
    const cancel = await fetch(`${server.baseUrl}${secondUpload.location!.startsWith('/') ? '' : `${UPLOADS_PATH}/`}${secondUpload.location}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${lan.token}`, 'tus-resumable': '1.0.0' },
    })
    expect(cancel.status).toBe(204)
    expect((await createUpload(server, lan.token, third, 1000)).status).toBe(201)
    // Another contributor has a share of their own.
    const minh = await contributor(server, 'minh.quota@example.com')
    expect((await createUpload(server, minh.token, await newSubmission(minh.api), 1000)).status).toBe(201)
  })

  it('counts the bytes the unfinished uploads declare, a deferred length as the largest upload', async () => {
    const hoa = await contributor(server, 'hoa.quota@example.com')
    const [first, second] = [await newSubmission(hoa.api), await newSubmission(hoa.api)]
    expect((await createUpload(server, hoa.token, first, 2000)).status).toBe(201)
    expect(await createUpload(server, hoa.token, second, 1500)).toMatchObject({ status: 429, body: { error: 'upload_quota_exceeded', unfinished_bytes: 2000 } })
    expect((await createUpload(server, hoa.token, second, 'deferred')).status).toBe(429)
    expect((await createUpload(server, hoa.token, second, 1000)).status).toBe(201)
  })
})

describe('the open application form cannot fill the disk', () => {
  let byCount: TestServer
  let byBytes: TestServer
  beforeAll(async () => {
    byCount = await startTestServer({ env: { APPLICATION_VIDEOS_PER_HOUR: '2' } })
    // Two videos fit in the hour's bytes, a third does not.
    byBytes = await startTestServer({ env: { APPLICATION_VIDEOS_PER_HOUR: '10', APPLICATION_VIDEO_BYTES_PER_HOUR: String(MP4_HEAD.length * 2 + 1) } })
  })
  afterAll(async () => {
    await byCount.close()
    await byBytes.close()
  })

  it('stores at most the hourly ceiling of application videos, from every address together, then 429 until the hour has passed', async () => {
    expect((await apply(byCount, 'a1@example.com')).status).toBe(201)
    expect((await apply(byCount, 'a2@example.com')).status).toBe(201)
    const refused = await apply(byCount, 'a3@example.com')
    expect(refused).toMatchObject({ status: 429, body: { error: 'rate_limited', message: expect.stringContaining('a lot of applications') } })
    expect(Number(refused.retryAfter)).toBeGreaterThan(3500)
    expect(storedApplicationVideos(byCount)).toHaveLength(2)
    byCount.clock.advance(3_601_000)
    try {
      expect((await apply(byCount, 'a3@example.com')).status).toBe(201)
    } finally {
      byCount.clock.reset()
    }
    expect(storedApplicationVideos(byCount)).toHaveLength(3)
  })

  it('stores at most the hourly ceiling of application bytes: the video that would pass it is refused and not kept', async () => {
    expect((await apply(byBytes, 'b1@example.com')).status).toBe(201)
    expect((await apply(byBytes, 'b2@example.com')).status).toBe(201)
    expect(await apply(byBytes, 'b3@example.com')).toMatchObject({ status: 429, body: { error: 'rate_limited' } })
    expect(storedApplicationVideos(byBytes)).toHaveLength(2)
    expect(fs.readdirSync(byBytes.dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.includes('incoming') && name !== 'incoming')).toEqual([])
  })
})

describe('no upload is taken when the disk is under its reserve', () => {
  let server: TestServer
  beforeAll(async () => {
    // A reserve larger than any disk: the disk is always "under" it.
    server = await startTestServer({ env: { DISK_RESERVE_BYTES: String(2 ** 52), ADMIN_EMAILS: 'admin.disk@example.com' } })
  })
  afterAll(() => server.close())

  it('answers 507 insufficient_storage to tus, applications, thumbnails and captions, and stores nothing', async () => {
    const full = { status: 507, body: { error: 'insufficient_storage', message: expect.stringContaining('short of storage space') } }
    const lan = await contributor(server, 'lan.disk@example.com')
    const submission = await newSubmission(lan.api)
    expect(await createUpload(server, lan.token, submission, 1000)).toMatchObject(full)
    expect(await apply(server, 'applicant.disk@example.com')).toMatchObject(full)
    const captions = await fetch(`${server.api}/submissions/${submission}/captions/vi`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${lan.token}`, 'content-type': 'text/vtt' },
      body: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nXin chào\n',
    })
    expect({ status: captions.status, body: await captions.json() }).toMatchObject(full)
    const admin = await signIn(server, 'admin.disk@example.com')
    await updateUser(server, admin.user.id, { is_admin: 1 })
    const form = new FormData()
    form.append('thumbnail', new Blob([new Uint8Array(8)], { type: 'image/png' }), 't.png')
    const thumbnails = await fetch(`${server.api}/admin/videos/1/thumbnails`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form })
    expect({ status: thumbnails.status, body: await thumbnails.json() }).toMatchObject(full)
    const publish = await fetch(`${server.api}/submissions/${submission}/publish`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form })
    expect({ status: publish.status, body: await publish.json() }).toMatchObject(full)

    expect(fs.existsSync(uploadsDir(server.dataDir)) ? fs.readdirSync(uploadsDir(server.dataDir)) : []).toEqual([])
    expect(storedApplicationVideos(server)).toEqual([])
    expect(await server.ctx.database.db.selectFrom('contributor_applications').selectAll().execute()).toEqual([])
    expect(await server.ctx.database.db.selectFrom('caption_tracks').selectAll().execute()).toEqual([])
  })
})
