/** Contributor applications over HTTP: each coded error, sniffing by bytes, the 50 MB edge, review. */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATION_VIDEO_MAX_BYTES } from '../../../contract/index.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let admin: ReturnType<typeof apiClient>
let adminToken: string

const fields = {
  name: 'Nguyễn Thị Lan',
  email: 'Lan@Example.com',
  location: 'Đà Nẵng',
  english_ability: 'a_little',
  notes: 'I teach at a primary school.',
}

const mp4Head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0])
const movHead = Buffer.from([0, 0, 0, 0x14, ...Buffer.from('ftypqt  '), 0, 0, 0, 0])
// The EBML header as ffmpeg writes it; DocType (42 82) "webm" or "matroska".
const ebmlHead = (docType: 'webm' | 'matroska') =>
  Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x80 | (27 + docType.length), 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x80 | docType.length, ...Buffer.from(docType), 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02,
  ])
const webmHead = ebmlHead('webm')
// Not video, though they open with an ftyp box or the EBML magic: an iPhone photo, iTunes audio, .mkv.
const heicHead = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0, ...Buffer.from('mif1heic')])
const m4aHead = Buffer.from([0, 0, 0, 0x1c, ...Buffer.from('ftypM4A '), 0, 0, 2, 0, ...Buffer.from('M4A mp42isom')])
const mkvHead = ebmlHead('matroska')
const video = (head: Buffer, size = 4096) => Buffer.concat([head, Buffer.alloc(size - head.length, 0x11)])

function apply(form: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }) {
  const body = new FormData()
  for (const [name, value] of Object.entries(form)) body.set(name, value)
  if (file) body.set('video', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'video/mp4' }), file.name ?? 'me.mp4')
  return fetch(`${server.api}/contributor_applications`, { method: 'POST', body })
}

const applicationFiles = () => {
  const dir = path.join(server.dataDir, 'applications')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}
const incomingFiles = () => {
  const dir = path.join(server.dataDir, 'incoming')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'boss@example.com' } })
  adminToken = (await signIn(server, 'boss@example.com')).token
  admin = apiClient(server.api, { token: adminToken })
})

afterAll(() => server?.close())

describe('POST /contributor_applications', () => {
  it('accepts MP4, MOV and WebM told by their bytes (201), stored under a server-chosen name', async () => {
    for (const [head, type] of [[mp4Head, 'video/mp4'], [movHead, 'video/quicktime'], [webmHead, 'video/webm']] as const) {
      const response = await apply(fields, { bytes: video(head), name: '../../etc/passwd', type: 'application/octet-stream' })
      expect(response.status).toBe(201)
      const { data } = (await response.json()) as { data: { id: number } }
      expect(data.id).toBeGreaterThan(0)
      const row = await server.ctx.database.db
        .selectFrom('contributor_applications')
        .select(['video_file', 'video_type', 'video_bytes'])
        .where('id', '=', data.id)
        .executeTakeFirst()
      expect(row).toMatchObject({ video_type: type, video_bytes: 4096 })
      expect(row!.video_file).toMatch(/^[0-9a-f-]{36}\.(mp4|mov|webm)$/)
    }
    expect(applicationFiles()).toHaveLength(3)
    expect(incomingFiles()).toEqual([])
  })

  it('no_video_file (422) without a video', async () => {
    const response = await apply(fields)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: 'no_video_file', message: 'Please upload a video file.' })
    expect((await apply(fields, { bytes: Buffer.alloc(0) })).status).toBe(422)
  })

  it('invalid_file_type (415) when the bytes are not MP4, MOV or WebM, whatever the name says', async () => {
    const before = applicationFiles()
    for (const bytes of [Buffer.from('just some text, named like a video'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), Buffer.from('ftyp')]) {
      const response = await apply(fields, { bytes, name: 'clip.mp4', type: 'video/mp4' })
      expect(response.status).toBe(415)
      expect(await response.json()).toMatchObject({ error: 'invalid_file_type', message: 'Please upload a video file (MP4, WebM, or MOV).' })
    }
    expect(applicationFiles()).toEqual(before)
    expect(incomingFiles()).toEqual([])
  })

  it('invalid_file_type (415) for a HEIC photo, M4A audio or Matroska video named and typed as a video', async () => {
    const before = applicationFiles()
    for (const [head, name] of [[heicHead, 'IMG_0001.mp4'], [m4aHead, 'voice.mp4'], [mkvHead, 'clip.webm']] as const) {
      const response = await apply(fields, { bytes: video(head), name, type: 'video/mp4' })
      expect(response.status, name).toBe(415)
      expect(await response.json()).toMatchObject({ error: 'invalid_file_type', message: 'Please upload a video file (MP4, WebM, or MOV).' })
    }
    expect(applicationFiles()).toEqual(before)
    expect(incomingFiles()).toEqual([])
  })

  it('file_too_large (413) at 50 MB or more; just under is accepted', async () => {
    const before = applicationFiles()
    const atLimit = await apply(fields, { bytes: video(mp4Head, APPLICATION_VIDEO_MAX_BYTES) })
    expect(atLimit.status).toBe(413)
    expect(await atLimit.json()).toMatchObject({ error: 'file_too_large', message: 'Video file is too large. Please keep it under 50MB.' })
    expect(applicationFiles()).toEqual(before)
    expect(incomingFiles()).toEqual([])
    const under = await apply(fields, { bytes: video(mp4Head, APPLICATION_VIDEO_MAX_BYTES - 1) })
    expect(under.status).toBe(201)
    expect(applicationFiles()).toHaveLength(before.length + 1)
  })

  it('validates the fields (422) and keeps no file then', async () => {
    const before = applicationFiles()
    for (const form of [
      { ...fields, email: 'nope' },
      { ...fields, name: ' ' },
      { ...fields, english_ability: 'fluent' },
    ]) {
      const response = await apply(form, { bytes: video(mp4Head) })
      expect(response.status).toBe(422)
      expect(((await response.json()) as { error: string }).error).toBe('validation_failed')
    }
    expect(applicationFiles()).toEqual(before)
    expect(incomingFiles()).toEqual([])
  })

  it('refuses a body that is not multipart (415)', async () => {
    const response = await apiClient(server.api).post('/contributor_applications', fields)
    expect(response.status).toBe(415)
  })
})

describe('admin review', () => {
  it('lists applications with a link to their video, filtered by status; admins only', async () => {
    const list = await admin.get('/admin/applications')
    expect(list.status).toBe(200)
    expect(list.body.data.length).toBeGreaterThanOrEqual(4)
    const first = list.body.data[0]
    expect(first).toMatchObject({ name: 'Nguyễn Thị Lan', email: 'lan@example.com', english_ability: 'a_little', status: 'pending' })
    const file = await fetch(`${server.baseUrl}${first.video.url}`, { headers: { authorization: `Bearer ${adminToken}` } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(first.video.bytes)
    expect((await admin.get('/admin/applications?status=accepted')).body.data).toEqual([])
    expect((await admin.get('/admin/applications?status=maybe')).status).toBe(422)
    const learner = apiClient(server.api, { token: (await signIn(server, 'someone@example.com')).token })
    expect((await learner.get('/admin/applications')).status).toBe(403)
    expect((await learner.patch(`/admin/applications/${first.id}`, { application: { status: 'accepted' } })).status).toBe(403)
    expect((await apiClient(server.api).get('/admin/applications')).status).toBe(401)
  })

  it('accepting makes the account a contributor now, or at its first sign-in', async () => {
    const existing = await signIn(server, 'known@example.com')
    const knownApp = await apply({ ...fields, email: 'known@example.com' }, { bytes: video(webmHead) })
    const knownId = ((await knownApp.json()) as { data: { id: number } }).data.id
    const accepted = await admin.patch(`/admin/applications/${knownId}`, { application: { status: 'accepted' } })
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ status: 'accepted' })
    expect(accepted.body.data.decided_at).not.toBeNull()
    expect((await apiClient(server.api, { token: existing.token }).get('/me')).body.is_contributor).toBe(true)

    const newApp = await apply({ ...fields, email: 'Newcomer@Example.com' }, { bytes: video(movHead) })
    const newId = ((await newApp.json()) as { data: { id: number } }).data.id
    await admin.patch(`/admin/applications/${newId}`, { application: { status: 'accepted' } })
    const newcomer = await signIn(server, 'newcomer@example.com')
    expect(newcomer.is_new_user).toBe(true)
    expect((newcomer.user as { is_contributor?: boolean }).is_contributor).toBe(true)

    const rejectedApp = await apply({ ...fields, email: 'nope@example.com' }, { bytes: video(mp4Head) })
    const rejectedId = ((await rejectedApp.json()) as { data: { id: number } }).data.id
    await admin.patch(`/admin/applications/${rejectedId}`, { application: { status: 'rejected' } })
    expect((await signIn(server, 'nope@example.com')).user).toMatchObject({ is_contributor: false })
    expect((await admin.patch('/admin/applications/99999', { application: { status: 'accepted' } })).status).toBe(404)
  })

  it('a decision is final: an accepted one leaves Pending and cannot be rejected by a stray click; asking again changes nothing', async () => {
    server.clock.advance(2 * 3_600_000) // past the hour whose per-IP allowance the tests above spent
    const id = ((await (await apply({ ...fields, email: 'final@example.com' }, { bytes: video(mp4Head) })).json()) as { data: { id: number } }).data.id
    const pendingIds = async () => ((await admin.get('/admin/applications?status=pending')).body.data as Array<{ id: number }>).map((row) => row.id)
    expect(await pendingIds()).toContain(id)
    const accepted = await admin.patch(`/admin/applications/${id}`, { application: { status: 'accepted' } })
    expect(accepted.status).toBe(200)
    expect(await pendingIds()).not.toContain(id)

    const again = await admin.patch(`/admin/applications/${id}`, { application: { status: 'accepted' } })
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ status: 'accepted', decided_at: accepted.body.data.decided_at })
    for (const status of ['rejected', 'pending']) {
      const refused = await admin.patch(`/admin/applications/${id}`, { application: { status } })
      expect(refused.status, status).toBe(409)
      expect(refused.body).toMatchObject({ error: 'conflict', message: 'This application was accepted already.' })
    }
    expect((await admin.get('/admin/applications?status=accepted')).body.data.find((row: { id: number }) => row.id === id)).toMatchObject({ status: 'accepted' })
    expect((await signIn(server, 'final@example.com')).user).toMatchObject({ is_contributor: true })

    const declinedId = ((await (await apply({ ...fields, email: 'declined@example.com' }, { bytes: video(mp4Head) })).json()) as { data: { id: number } }).data.id
    expect((await admin.patch(`/admin/applications/${declinedId}`, { application: { status: 'rejected' } })).status).toBe(200)
    const late = await admin.patch(`/admin/applications/${declinedId}`, { application: { status: 'accepted' } })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('This application was declined already.')
    expect((await signIn(server, 'declined@example.com')).user).toMatchObject({ is_contributor: false })
  })

  it('is rate-limited per IP (429 with Retry-After)', async () => {
    let response: Response | undefined
    for (let i = 0; i < 25; i++) {
      response = await apply(fields)
      if (response.status === 429) break
    }
    expect(response!.status).toBe(429)
    expect(response!.headers.get('retry-after')).toBeTruthy()
  })
})
