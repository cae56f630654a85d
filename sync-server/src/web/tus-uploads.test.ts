/**
 * Contributor uploads end to end over real HTTP: tus-js-client → @tus/server → the processing job
 * (ffprobe + ffmpeg) → HLS on disk, checked with ffprobe. Also: restarts mid-upload and mid-transcode,
 * and every refusal leaving no files behind.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { statusOf, tusUpload } from '../../test-support/tus-upload.ts'
import { generateTestVideo } from '../media/ffmpeg.ts'
import { mediaDir, uploadsDir } from '../storage/media-paths.ts'
import { makeContributor } from '../../test-support/users.ts'

const MAX_UPLOAD_BYTES = 4 * 1024 * 1024
// The contributor here leaves many uploads unfinished on purpose (refusals, restarts): the quota of
// unfinished uploads per contributor has its own tests (upload-ceilings.routes.test.ts).
const env = { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES), ADMIN_EMAILS: 'admin@example.com', UNFINISHED_UPLOADS_PER_CONTRIBUTOR: '100' }

let server: TestServer
let work: string
let clip720: Buffer
let clip360Silent: Buffer
let contributor: { token: string; id: number }
let other: { token: string; id: number }
let learner: { token: string; id: number }
let admin: { token: string; id: number }

async function contributorSignIn(s: TestServer, email: string) {
  const session = await signIn(s, email)
  await makeContributor(s, session.user.id)
  return { token: session.token, id: session.user.id }
}

function submissionBody(extra: Record<string, unknown> = {}) {
  return {
    submission: {
      title: 'Chợ nổi Cái Răng',
      description: 'A morning at the floating market.',
      proficiency_level: 'beginner',
      language_code: 'vi',
      creator_emails: ['friend@example.com'],
      series_name: null,
      episode_number: null,
      release_confirmed: true,
      publishable: true,
      ...extra,
    },
  }
}

async function createSubmission(s: TestServer, token: string, extra: Record<string, unknown> = {}): Promise<number> {
  const response = await apiClient(s.api, { token }).post('/submissions', submissionBody(extra))
  expect(response.status).toBe(201)
  return response.body.data.id
}

/** Every file under the uploads and media folders (tus data and sidecars, HLS output). */
async function mediaKeyOf(s: TestServer, id: number): Promise<string> {
  const row = await s.ctx.database.db.selectFrom('submissions').select('media_key').where('id', '=', id).executeTakeFirstOrThrow()
  return row.media_key!
}

function storedFiles(s: TestServer): string[] {
  const list = (dir: string): string[] =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)) : []
  return [...list(uploadsDir(s.dataDir)), ...list(path.join(s.dataDir, 'media'))]
}

function probe(file: string) {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' }),
  ) as { format: { duration: string }; streams: { codec_type: string; height?: number; codec_name: string }[] }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-clips-'))
  await Promise.all([
    generateTestVideo({ out: path.join(work, '720.mp4'), seconds: 3, width: 1280, height: 720 }),
    generateTestVideo({ out: path.join(work, '360.mp4'), seconds: 2, width: 640, height: 360, audio: false }),
  ])
  clip720 = fs.readFileSync(path.join(work, '720.mp4'))
  clip360Silent = fs.readFileSync(path.join(work, '360.mp4'))
  server = await startTestServer({ env })
  ;[contributor, other] = await Promise.all([
    contributorSignIn(server, 'maker@example.com'),
    contributorSignIn(server, 'other@example.com'),
  ])
  const [learnerSession, adminSession] = await Promise.all([signIn(server, 'learner@example.com'), signIn(server, 'admin@example.com')])
  learner = { token: learnerSession.token, id: learnerSession.user.id }
  admin = { token: adminSession.token, id: adminSession.user.id }
})

afterAll(async () => {
  await server?.close()
  fs.rmSync(work, { recursive: true, force: true })
})

describe('a contributor upload', () => {
  let readyId: number

  it('goes over tus, is probed and transcoded into an HLS ladder with a poster', async () => {
    const id = await createSubmission(server, contributor.token)
    const api = apiClient(server.api, { token: contributor.token })
    expect((await api.get(`/submissions/${id}`)).body.data.upload).toEqual({ state: 'awaiting', bytes_received: 0, bytes_total: null })

    const { done } = tusUpload({ endpoint: `${server.api}/uploads`, token: contributor.token, data: clip720, submissionId: id, chunkSize: 256 * 1024 })
    const result = await done
    expect(result.url).toMatch(/\/api\/v1\/uploads\/[a-f0-9]{32}$/)
    await server.ctx.jobs.whenIdle()

    const { body } = await api.get(`/submissions/${id}`)
    expect(body.data.upload).toEqual({ state: 'complete', bytes_received: clip720.length, bytes_total: clip720.length })
    expect(body.data.processing).toEqual({ state: 'ready', percent: 100, error: null })
    expect(body.data.publishable_status).toBe('publishable')
    expect(body.data.playback.hls_url).toMatch(/^\/media\/v\/[0-9a-f]{32}\/master\.m3u8\?grant=.+$/)

    const key = await mediaKeyOf(server, id)
    const dir = mediaDir(server.dataDir, key)
    const master = fs.readFileSync(path.join(dir, 'master.m3u8'), 'utf8')
    expect(master).toContain('v720p/index.m3u8')
    expect(master).toContain('v360p/index.m3u8')
    for (const [rendition, height] of [['v720p', 720], ['v360p', 360]] as const) {
      const files = fs.readdirSync(path.join(dir, rendition))
      expect(files).toEqual(expect.arrayContaining(['index.m3u8', 'init.mp4', 'seg_000.m4s']))
      const playlist = fs.readFileSync(path.join(dir, rendition, 'index.m3u8'), 'utf8')
      expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"')
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
      const info = probe(path.join(dir, rendition, 'index.m3u8'))
      expect(Number(info.format.duration)).toBeGreaterThan(2.8)
      expect(Number(info.format.duration)).toBeLessThan(3.3)
      expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', height })
      expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' })
    }
    expect(fs.statSync(path.join(dir, 'poster.jpg')).size).toBeGreaterThan(1000)
    readyId = id
  })

  it('never upscales, and handles a source without audio', async () => {
    const id = await createSubmission(server, contributor.token)
    await tusUpload({ endpoint: `${server.api}/uploads`, token: contributor.token, data: clip360Silent, submissionId: id }).done
    await server.ctx.jobs.whenIdle()
    const key = await mediaKeyOf(server, id)
    const dir = mediaDir(server.dataDir, key)
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('v'))).toEqual(['v360p'])
    const info = probe(path.join(dir, 'v360p', 'index.m3u8'))
    expect(info.streams.map((s) => s.codec_type)).toEqual(['video'])
    expect(info.streams[0].height).toBe(360)
  })

  it('is published by an admin into the catalogue, with a new series and thumbnails', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)])
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 2)])
    const form = (fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
      const data = new FormData()
      for (const [name, value] of Object.entries(fields)) data.set(name, value)
      for (const [name, value] of Object.entries(files)) data.set(name, new Blob([new Uint8Array(value)]), 'picture.bin')
      return data
    }
    const publish = (id: number, token: string, body: FormData) =>
      fetch(`${server.api}/submissions/${id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body })
    const fields = { title: 'Chợ nổi', description: 'Market', proficiency_level: 'beginner', is_free: 'true', series_mode: 'new', new_series_name: 'Miền Tây', episode_number: '' }

    expect((await publish(readyId, contributor.token, form(fields))).status).toBe(403)
    const notAnImage = await publish(readyId, admin.token, form(fields, { product_thumbnail: Buffer.from('GIF89a not allowed here') }))
    expect(notAnImage.status).toBe(415)
    const tooBig = await publish(readyId, admin.token, form(fields, { youtube_thumbnail: Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]) }))
    expect(tooBig.status).toBe(413)
    expect((await publish(readyId, admin.token, form({ ...fields, series_mode: 'existing' }))).status).toBe(422)

    const published = await publish(readyId, admin.token, form(fields, { product_thumbnail: png, youtube_thumbnail: jpeg }))
    expect(published.status).toBe(201)
    const video = ((await published.json()) as { data: Record<string, any> }).data
    expect(video).toMatchObject({ title: 'Chợ nổi', access_level: 'free', episode_number: 1, series: { name: 'Miền Tây' }, duration_seconds: 3 })
    expect(video.thumbnail_url).toMatch(/\/thumbnail-[a-z0-9]+\.png$/)
    expect(video.playback.hls_url).toMatch(/master\.m3u8\?grant=/)
    expect(fs.readdirSync(path.join(server.dataDir, 'incoming'))).toEqual([])

    const again = await publish(readyId, admin.token, form(fields))
    expect(again.status).toBe(409)
    const api = apiClient(server.api, { token: contributor.token })
    expect((await api.get(`/submissions/${readyId}`)).body.data).toMatchObject({ publishable_status: 'published', published_video_id: video.id })
    expect((await api.delete(`/submissions/${readyId}`)).status).toBe(409)

    const series = await apiClient(server.api, { token: learner.token }).get('/languages/vi/series')
    expect(series.body.data).toEqual([
      { id: video.series.id, name: 'Miền Tây', description: '', video_count: 1, next_episode_number: 2 },
    ])
    expect((await apiClient(server.api, { token: learner.token }).get('/languages/xx/series')).status).toBe(404)
  })

  it('refuses to publish before processing is ready', async () => {
    const id = await createSubmission(server, contributor.token)
    const body = new FormData()
    for (const [k, v] of Object.entries({ title: 'T', proficiency_level: 'beginner', series_mode: 'none' })) body.set(k, v)
    const response = await fetch(`${server.api}/submissions/${id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body })
    expect(response.status).toBe(409)
  })
})

describe('refusals leave no files behind', () => {
  const tusPost = (token: string | null, submissionId: unknown, length = 1000) =>
    fetch(`${server.api}/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': `submission_id ${Buffer.from(String(submissionId)).toString('base64')},filename ${Buffer.from('x.mp4').toString('base64')}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    })

  it('non-video bytes named .mp4: processing fails with a reason and the bytes are deleted', async () => {
    await server.ctx.jobs.whenIdle()
    const before = storedFiles(server)
    const id = await createSubmission(server, contributor.token)
    const junk = Buffer.concat([Buffer.from('#EXTM3U\n#EXT-X-ENDLIST\n'), Buffer.alloc(20_000, 7)])
    await tusUpload({ endpoint: `${server.api}/uploads`, token: contributor.token, data: junk, submissionId: id, filename: 'holiday.mp4' }).done
    await server.ctx.jobs.whenIdle()
    const { body } = await apiClient(server.api, { token: contributor.token }).get(`/submissions/${id}`)
    expect(body.data.processing.state).toBe('failed')
    expect(body.data.processing.error).toMatch(/not a video/)
    expect(body.data.playback).toBeNull()
    expect(storedFiles(server)).toEqual(before)
  })

  it("answers tus's refusals in the contract's JSON shape, with tus's status", async () => {
    const id = await createSubmission(server, contributor.token)
    const created = await tusPost(contributor.token, id, 1000)
    expect(created.status).toBe(201)
    const location = new URL(created.headers.get('location')!, `${server.api}/uploads/`).toString()
    const auth = { authorization: `Bearer ${contributor.token}` }
    const metadata = `submission_id ${Buffer.from(String(id)).toString('base64')}`
    const refusals: Array<[string, RequestInit, number, string]> = [
      ['no Tus-Resumable', { method: 'POST', headers: { ...auth, 'upload-length': '10', 'upload-metadata': metadata } }, 412, 'tus_version_unsupported'],
      ['a length that is not a number', { method: 'POST', headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': 'abc', 'upload-metadata': metadata } }, 400, 'bad_request'],
      ['over MAX_UPLOAD_BYTES', { method: 'POST', headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(MAX_UPLOAD_BYTES + 1), 'upload-metadata': metadata } }, 413, 'payload_too_large'],
      ['the wrong offset', { method: 'PATCH', headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' }, body: 'x' }, 409, 'conflict'],
      ['no Upload-Offset', { method: 'PATCH', headers: { ...auth, 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' }, body: 'x' }, 403, 'bad_request'],
    ]
    for (const [what, init, status, code] of refusals) {
      const answer = await fetch(init.method === 'PATCH' ? location : `${server.api}/uploads`, init)
      expect(answer.status, what).toBe(status)
      expect(answer.headers.get('content-type'), what).toMatch(/^application\/json/)
      const body = (await answer.json()) as { error: string; message: string }
      expect(body.error, what).toBe(code)
      expect(body.message, what).toMatch(/^[A-Z].*\.$/)
    }
    // Leave no unfinished upload behind for the tests of expiry.
    expect((await fetch(location, { method: 'DELETE', headers: { ...auth, 'tus-resumable': '1.0.0' } })).status).toBe(204)
  })

  it('above MAX_UPLOAD_BYTES: 413', async () => {
    const before = storedFiles(server)
    const id = await createSubmission(server, contributor.token)
    expect((await tusPost(contributor.token, id, MAX_UPLOAD_BYTES + 1)).status).toBe(413)
    const viaClient = tusUpload({ endpoint: `${server.api}/uploads`, token: contributor.token, data: Buffer.alloc(MAX_UPLOAD_BYTES + 1), submissionId: id })
    expect(statusOf(await viaClient.done.catch((e) => e))).toBe(413)
    expect(storedFiles(server)).toEqual(before)
  })

  it("another user's submission, a learner's token and no token: 403, 403, 401, on every method", async () => {
    const before = storedFiles(server)
    const theirs = await createSubmission(server, other.token)
    expect((await tusPost(contributor.token, theirs)).status).toBe(403)
    expect((await tusPost(learner.token, theirs)).status).toBe(403)
    expect((await tusPost(null, theirs)).status).toBe(401)
    expect((await tusPost('not-a-real-token-at-all-xxxxxxxx', theirs)).status).toBe(401)
    expect((await tusPost(contributor.token, 'abc')).status).toBe(422)

    // An upload the owner started: nobody else may look at, continue or end it.
    const created = await tusPost(other.token, theirs, 5000)
    expect(created.status).toBe(201)
    const url = `${server.baseUrl}${created.headers.get('location')}`
    const patch = (token: string | null) =>
      fetch(url, {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: Buffer.alloc(100),
      })
    const head = (token: string | null) =>
      fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}) } })
    expect((await patch(contributor.token)).status).toBe(403)
    expect((await patch(learner.token)).status).toBe(403)
    expect((await patch(null)).status).toBe(401)
    expect((await head(contributor.token)).status).toBe(403)
    expect((await head(null)).status).toBe(401)
    const del = (token: string) => fetch(url, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` } })
    expect((await del(contributor.token)).status).toBe(403)
    expect((await head(other.token)).headers.get('upload-offset')).toBe('0')

    // The owner's termination removes the files and frees the submission for a new upload.
    expect((await del(other.token)).status).toBe(204)
    expect(storedFiles(server)).toEqual(before)
    const { body } = await apiClient(server.api, { token: other.token }).get(`/submissions/${theirs}`)
    expect(body.data.upload).toEqual({ state: 'awaiting', bytes_received: 0, bytes_total: null })
  })

  it('an unfinished upload silent for 24 hours expires (orphaned files too); deleting a submission removes its files', async () => {
    const before = storedFiles(server)
    const id = await createSubmission(server, contributor.token)
    const created = await tusPost(contributor.token, id, 5000)
    expect(created.status).toBe(201)
    expect(Date.parse(created.headers.get('upload-expires')!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000)
    expect(storedFiles(server).length).toBe(before.length + 2)
    server.clock.advance(23 * 3_600_000)
    expect(await server.ctx.services.uploads.expireSilent()).toBe(0)
    // A request resets the silence; mtime of the data file counts too, so age it on disk.
    const url = `${server.baseUrl}${created.headers.get('location')}`
    await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${contributor.token}` } })
    server.clock.advance(23 * 3_600_000)
    expect(await server.ctx.services.uploads.expireSilent()).toBe(0)
    // A file pair no submission points at (a stop between tus creating it and our binding it) goes too.
    const orphan = path.join(uploadsDir(server.dataDir), 'ab'.repeat(16))
    fs.writeFileSync(orphan, 'partial')
    fs.writeFileSync(`${orphan}.json`, '{}')
    server.clock.advance(2 * 3_600_000)
    expect(await server.ctx.services.uploads.expireSilent()).toBe(2)
    expect(storedFiles(server)).toEqual(before)
    expect((await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${contributor.token}` } })).status).toBe(404)

    const second = await createSubmission(server, contributor.token)
    await tusUpload({ endpoint: `${server.api}/uploads`, token: contributor.token, data: clip360Silent, submissionId: second }).done
    await server.ctx.jobs.whenIdle()
    expect(storedFiles(server).length).toBeGreaterThan(before.length)
    expect((await apiClient(server.api, { token: learner.token }).delete(`/submissions/${second}`)).status).toBe(403)
    expect((await apiClient(server.api, { token: other.token }).delete(`/submissions/${second}`)).status).toBe(404)
    expect((await apiClient(server.api, { token: contributor.token }).delete(`/submissions/${second}`)).status).toBe(204)
    expect(storedFiles(server)).toEqual(before)
  })
})

describe('restarts', () => {
  it('an upload stopped mid-way by a server restart completes from its offset, re-sending at most one chunk', async () => {
    const chunkSize = 64 * 1024
    const first = await startTestServer({ env })
    const maker = await contributorSignIn(first, 'maker@example.com')
    const id = await createSubmission(first, maker.token)
    const port = Number(new URL(first.baseUrl).port)
    let stopping: Promise<void> | undefined
    const partial = tusUpload({
      endpoint: `${first.api}/uploads`,
      token: maker.token,
      data: clip720,
      submissionId: id,
      chunkSize,
      onChunk: (accepted) => {
        if (!stopping && accepted >= clip720.length * 0.4) stopping = first.close({ keepData: true })
      },
    })
    await partial.done.catch(() => undefined)
    await stopping
    const acknowledged = Math.max(0, ...partial.accepted)
    expect(acknowledged).toBeLessThan(clip720.length)

    const second = await startTestServer({ env, dataDir: first.dataDir, port })
    try {
      const url = partial.upload.url!
      const askOffset = () => fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${maker.token}` } })
      // fetch's pool may still hold a keep-alive socket to the stopped server on this port: one retry.
      const head = await askOffset().catch(askOffset)
      const offset = Number(head.headers.get('upload-offset'))
      expect(offset).toBeGreaterThan(0)
      const resumed = tusUpload({ endpoint: `${second.api}/uploads`, uploadUrl: url, token: maker.token, data: clip720, submissionId: id, chunkSize })
      await resumed.done
      const sentAgain = clip720.length - offset
      expect(sentAgain - (clip720.length - acknowledged)).toBeLessThanOrEqual(chunkSize)
      await second.ctx.jobs.whenIdle()
      const { body } = await apiClient(second.api, { token: maker.token }).get(`/submissions/${id}`)
      expect(body.data.upload).toMatchObject({ state: 'complete', bytes_received: clip720.length })
      expect(body.data.processing.state).toBe('ready')
    } finally {
      await second.close()
    }
  })

  it('a PATCH cut off mid-body by its client: the bytes that arrived are kept, HEAD says how many, and the upload resumes byte-exact', async () => {
    // The body is read straight from Node's request (tus-request-body.ts): a client gone mid-body ends it where it is.
    const id = await createSubmission(server, contributor.token)
    const b64 = (text: string) => Buffer.from(text).toString('base64')
    const created = await fetch(`${server.api}/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${contributor.token}`, 'tus-resumable': '1.0.0', 'upload-length': String(clip720.length),
        'upload-metadata': `submission_id ${b64(String(id))},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
      },
    })
    expect(created.status).toBe(201)
    const url = new URL(created.headers.get('location')!, server.baseUrl).href
    const half = Math.floor(clip720.length / 2)
    const target = new URL(url)
    const cut = http.request({
      host: target.hostname, port: target.port, path: target.pathname, method: 'PATCH',
      headers: {
        authorization: `Bearer ${contributor.token}`, 'tus-resumable': '1.0.0', 'upload-offset': '0',
        'content-type': 'application/offset+octet-stream', 'content-length': String(clip720.length),
      },
    })
    cut.on('error', () => undefined)
    cut.flushHeaders()
    await new Promise<void>((resolve) => cut.write(clip720.subarray(0, half), () => resolve()))
    await new Promise((resolve) => setTimeout(resolve, 300))
    cut.destroy()
    const offsetNow = async () =>
      Number((await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${contributor.token}` } })).headers.get('upload-offset'))
    let offset = await offsetNow()
    for (let tries = 0; offset === 0 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      offset = await offsetNow()
    }
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThanOrEqual(half)
    const resumed = tusUpload({ endpoint: `${server.api}/uploads`, uploadUrl: url, token: contributor.token, data: clip720, submissionId: id, chunkSize: 256 * 1024 })
    await resumed.done
    const { body } = await apiClient(server.api, { token: contributor.token }).get(`/submissions/${id}`)
    expect(body.data.upload).toMatchObject({ state: 'complete', bytes_received: clip720.length })
    // A byte out of place would leave a file the transcode refuses (see "non-video bytes named .mp4").
    await server.ctx.jobs.whenIdle()
    expect((await apiClient(server.api, { token: contributor.token }).get(`/submissions/${id}`)).body.data.processing.state).toBe('ready')
  })

  it('a transcode stopped mid-way (a clean stop, as SIGTERM) is handed back unspent, runs again after the restart and finishes', async () => {
    const first = await startTestServer({ env })
    const maker = await contributorSignIn(first, 'maker@example.com')
    const id = await createSubmission(first, maker.token)
    const port = Number(new URL(first.baseUrl).port)
    const started = new Promise<number>((resolve) => first.ctx.jobs.events.once('started', resolve))
    await tusUpload({ endpoint: `${first.api}/uploads`, token: maker.token, data: clip720, submissionId: id }).done
    const jobId = await started
    await first.close({ keepData: true }) // kills ffmpeg and hands the job back to the queue

    const second = await startTestServer({ env, dataDir: first.dataDir, port })
    try {
      const job = await second.ctx.jobs.waitFor(jobId)
      // The stop spent no attempt: the run after the restart is the first.
      expect(job).toMatchObject({ state: 'done', attempts: 1 })
      const { body } = await apiClient(second.api, { token: maker.token }).get(`/submissions/${id}`)
      expect(body.data.processing).toEqual({ state: 'ready', percent: 100, error: null })
    } finally {
      await second.close()
    }
  })
})
