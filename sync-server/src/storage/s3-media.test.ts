/**
 * MEDIA_STORE=s3 against a real Ceph gateway (test-support/ceph-server.ts; skipped with the reason
 * printed where Ceph is not installed), through HTTP as a contributor, a learner and an admin would
 * use it: a tus upload in several PATCHes lands in the bucket, is transcoded and played from it (the
 * preview cut and the download parts too), a restart resumes an upload from the bucket's offset, and
 * deleting a submission, an account, or letting an upload fall silent leaves the bucket holding nothing
 * of it (no object, no multipart upload). DATA_DIR holds no media and no uploads at any point.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_PART_FILES_HEADER } from '../../../contract/index.ts'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { DELETION_CODE } from '../../test-support/smtp-capture.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { tusUpload } from '../../test-support/tus-upload.ts'
import { makeContributor } from '../../test-support/users.ts'
import { generateTestVideo } from '../media/ffmpeg.ts'
import { removeOrphanMedia } from './orphan-media.ts'
import type { S3Settings } from './s3-store.ts'

const ceph = cephForThisFile()

describe.skipIf(ceph.missing)('media in an S3 bucket (Ceph)', () => {
  let server: TestServer
  let settings: S3Settings
  let s3: S3Client
  let env: Record<string, string>
  let clip: Buffer
  let work: string
  let contributor: { token: string; id: number }

  async function objects(prefix = ''): Promise<string[]> {
    const keys: string[] = []
    let ContinuationToken: string | undefined
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix || undefined, ContinuationToken }))
      keys.push(...(page.Contents ?? []).map((object) => object.Key!))
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
    return keys.sort()
  }
  const multipartUploads = async () => (await s3.send(new ListMultipartUploadsCommand({ Bucket: settings.bucket }))).Uploads ?? []
  /** Nothing stored in DATA_DIR: no uploads, no media (the database and the secret may be there). */
  const localMedia = (s: TestServer) =>
    ['uploads', 'media', 'applications'].flatMap((dir) => {
      const full = path.join(s.dataDir, dir)
      return fs.existsSync(full) ? fs.readdirSync(full, { recursive: true, encoding: 'utf8' }) : []
    })

  /** An aborted tus-js-client upload never settles `done`: wait for the chunks the server acknowledged instead. */
  async function chunksAccepted(upload: { accepted: number[]; done: Promise<unknown> }, count: number) {
    upload.done.catch(() => undefined)
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (upload.accepted.length >= count) {
          clearInterval(check)
          resolve()
        }
      }, 20)
    })
  }

  async function contributorSignIn(s: TestServer, email: string) {
    const session = await signIn(s, email)
    await makeContributor(s, session.user.id)
    return { token: session.token, id: session.user.id }
  }
  async function createSubmission(s: TestServer, token: string): Promise<number> {
    const response = await apiClient(s.api, { token }).post('/submissions', {
      submission: {
        title: 'Chợ nổi', description: 'Market', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [],
        series_name: null, episode_number: null, release_confirmed: true, publishable: true,
      },
    })
    expect(response.status).toBe(201)
    return response.body.data.id
  }

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-s3-clips-'))
    await generateTestVideo({ out: path.join(work, 'clip.mp4'), seconds: 8, width: 640, height: 360 }) // two 6 s segments: a preview cut has one
    clip = fs.readFileSync(path.join(work, 'clip.mp4'))
    settings = ceph.settings()
    s3 = ceph.client(settings)
    env = { ...ceph.env(settings), ADMIN_EMAILS: 'admin@example.com', PREVIEW_SECONDS: '1' }
    server = await startTestServer({ env })
    contributor = await contributorSignIn(server, 'maker@example.com')
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    fs.rmSync(work, { recursive: true, force: true })
  })

  let ready: { id: number; mediaKey: string; hlsUrl: string }

  it('a tus upload in several PATCHes lands in the bucket, is transcoded there and plays from it', async () => {
    const id = await createSubmission(server, contributor.token)
    await tusUpload({ endpoint: `${server.api}/uploads`, token: contributor.token, data: clip, submissionId: id, chunkSize: 64 * 1024 }).done
    await server.ctx.jobs.whenIdle()
    const api = apiClient(server.api, { token: contributor.token })
    const { body } = await api.get(`/submissions/${id}`)
    expect(body.data.upload).toEqual({ state: 'complete', bytes_received: clip.length, bytes_total: clip.length })
    expect(body.data.processing).toEqual({ state: 'ready', percent: 100, error: null })

    const row = await server.ctx.database.db.selectFrom('submissions').select(['media_key', 'upload_id']).where('id', '=', id).executeTakeFirstOrThrow()
    const keys = await objects(`media/${row.media_key}/`)
    expect(keys).toEqual(expect.arrayContaining([`media/${row.media_key}/master.m3u8`, `media/${row.media_key}/poster.jpg`, `media/${row.media_key}/v360p/seg_000.m4s`]))
    expect(await objects('uploads/')).toContain(`uploads/${row.upload_id}`)
    expect(await multipartUploads()).toEqual([])
    expect(localMedia(server)).toEqual([])

    // Played from the bucket: the master, the variant, its init and every segment, bytes as stored.
    const hls = body.data.playback.hls_url as string
    const master = await fetch(`${server.baseUrl}${hls}`)
    expect(master.status).toBe(200)
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(await master.text()).toContain('v360p/index.m3u8')
    const variantUrl = `${server.baseUrl}${hls.replace('master.m3u8', 'v360p/index.m3u8')}`
    const variant = await (await fetch(variantUrl)).text()
    // Each URI carries the grant (media-server.ts): the file names are before it.
    const segments = variant.split('\n').filter((line) => line.includes('.m4s?grant=')).map((line) => line.split('?')[0]!)
    expect(segments.length).toBeGreaterThan(0)
    for (const name of ['init.mp4', ...segments]) {
      const answer = await fetch(variantUrl.replace('index.m3u8', name))
      expect(answer.status).toBe(200)
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
    // A range, as Safari asks before it plays.
    const ranged = await fetch(variantUrl.replace('index.m3u8', 'init.mp4'), { headers: { range: 'bytes=0-1' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-1\/\d+$/)
    expect((await ranged.arrayBuffer()).byteLength).toBe(2)

    // Download parts come from the bucket too: the header's sizes add up to the body.
    const part = await fetch(variantUrl.replace(`index.m3u8?`, `part?from=0&count=${segments.length + 1}&`))
    expect(part.status).toBe(200)
    const sizes = part.headers.get(MEDIA_PART_FILES_HEADER)!.split(',').map((entry) => Number(entry.split('=')[1]))
    expect((await part.arrayBuffer()).byteLength).toBe(sizes.reduce((a, b) => a + b, 0))
    ready = { id, mediaKey: row.media_key!, hlsUrl: hls }
  })

  it('a learner without the plan gets the preview cut from the bucket, and no segment past it', async () => {
    const admin = await signIn(server, 'admin@example.com')
    const form = new FormData()
    for (const [k, v] of Object.entries({ title: 'Chợ nổi', description: 'M', proficiency_level: 'beginner', is_free: 'false', series_mode: 'none', episode_number: '' })) form.set(k, v)
    const published = await fetch(`${server.api}/submissions/${ready.id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form })
    expect(published.status).toBe(201)
    const videoId = ((await published.json()) as { data: { id: number } }).data.id
    // The publish form offers free or premium; the preview access is set as an admin's change would.
    await server.ctx.database.db.updateTable('videos').set({ access_level: 'preview' }).where('id', '=', videoId).execute()
    const learner = await signIn(server, 'learner@example.com')
    const detail = await apiClient(server.api, { token: learner.token }).get(`/videos/${videoId}`)
    const hls = detail.body.data.playback.hls_url as string
    const variantUrl = `${server.baseUrl}${hls.replace('master.m3u8', 'v360p/index.m3u8')}`
    const cut = await (await fetch(variantUrl)).text()
    const allowed = cut.split('\n').filter((line) => line.includes('.m4s?grant=')).map((line) => line.split('?')[0]!)
    const full = (await server.ctx.storage.media.readText(`media/${ready.mediaKey}/v360p/index.m3u8`))!
    const every = full.split('\n').filter((line) => line.endsWith('.m4s'))
    expect(allowed.length).toBeLessThan(every.length)
    const past = every.find((name) => !allowed.includes(name))!
    expect((await fetch(variantUrl.replace('index.m3u8', past))).status).toBe(403)
  })

  it('an upload stopped by a restart resumes from the offset the bucket holds', async () => {
    const id = await createSubmission(server, contributor.token)
    const chunkSize = 64 * 1024
    let uploadUrl = ''
    const first = tusUpload({
      endpoint: `${server.api}/uploads`, token: contributor.token, data: clip, submissionId: id, chunkSize,
      onChunk: (accepted, upload) => {
        uploadUrl = upload.url!
        if (accepted >= 3 * chunkSize) void upload.abort()
      },
    })
    await chunksAccepted(first, 3)
    const port = Number(new URL(server.baseUrl).port)
    await server.close({ keepData: true })
    server = await startTestServer({ env, dataDir: server.dataDir, port })
    const head = await fetch(uploadUrl, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${contributor.token}` } })
    const offset = Number(head.headers.get('upload-offset'))
    expect(offset).toBeGreaterThanOrEqual(3 * chunkSize)
    const resumed = tusUpload({ endpoint: `${server.api}/uploads`, token: contributor.token, data: clip, submissionId: id, chunkSize, uploadUrl })
    await resumed.done
    expect(resumed.accepted[0]).toBeGreaterThan(offset) // went on from the offset: nothing before it sent again
    await server.ctx.jobs.whenIdle()
    const { body } = await apiClient(server.api, { token: contributor.token }).get(`/submissions/${id}`)
    expect(body.data.processing.state).toBe('ready')
    expect(localMedia(server)).toEqual([])
    // Removed with its submission: nothing of it left in the bucket.
    const row = await server.ctx.database.db.selectFrom('submissions').select(['media_key', 'upload_id']).where('id', '=', id).executeTakeFirstOrThrow()
    expect((await apiClient(server.api, { token: contributor.token }).delete(`/submissions/${id}`)).status).toBe(204)
    const left = await objects()
    expect(left.filter((key) => key.includes(row.media_key!) || key.includes(row.upload_id!))).toEqual([])
  })

  it('a ladder no video points at (a killed attempt) is removed once a day old; ladders in use stay', async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-orphan-'))
    fs.mkdirSync(path.join(scratch, 'v360p'))
    fs.writeFileSync(path.join(scratch, 'master.m3u8'), '#EXTM3U\n')
    fs.writeFileSync(path.join(scratch, 'v360p', 'seg_000.m4s'), 'x')
    const orphan = 'f'.repeat(32)
    await server.ctx.storage.media.putDir(`media/${orphan}`, scratch)
    const sweep = (now: number) => removeOrphanMedia({ db: server.ctx.database.db, media: server.ctx.storage.media, now })
    expect(await sweep(Date.now())).toBe(0) // too young: its switch may be being written
    expect(await sweep(Date.now() + 25 * 3_600_000)).toBe(1)
    expect(await objects(`media/${orphan}/`)).toEqual([])
    expect((await objects(`media/${ready.mediaKey}/`)).length).toBeGreaterThan(3)
  })

  it('an unfinished upload silent for 24 hours is aborted in the bucket', async () => {
    const id = await createSubmission(server, contributor.token)
    const started = tusUpload({
      endpoint: `${server.api}/uploads`, token: contributor.token, data: clip, submissionId: id, chunkSize: 64 * 1024,
      onChunk: (accepted, upload) => {
        if (accepted >= 128 * 1024) void upload.abort()
      },
    })
    await chunksAccepted(started, 2)
    const uploadId = (await server.ctx.database.db.selectFrom('submissions').select('upload_id').where('id', '=', id).executeTakeFirstOrThrow()).upload_id!
    expect((await multipartUploads()).map((upload) => upload.Key)).toContain(`uploads/${uploadId}`)
    // The bucket's clock is real: the sweep looks at the last write there, so the test's clock is moved past it.
    server.clock.advance(25 * 3_600_000)
    expect(await server.ctx.services.uploads.expireSilent()).toBeGreaterThanOrEqual(1)
    expect((await multipartUploads()).map((upload) => upload.Key)).not.toContain(`uploads/${uploadId}`)
    expect((await objects('uploads/')).filter((key) => key.includes(uploadId))).toEqual([])
  })

  it("deleting an account leaves the bucket holding nothing of the account's: uploads (finished or not) and ladders", async () => {
    const maker = await contributorSignIn(server, 'leaving@example.com')
    const done = await createSubmission(server, maker.token)
    await tusUpload({ endpoint: `${server.api}/uploads`, token: maker.token, data: clip, submissionId: done }).done
    await server.ctx.jobs.whenIdle()
    const unfinished = await createSubmission(server, maker.token)
    const partial = tusUpload({
      endpoint: `${server.api}/uploads`, token: maker.token, data: clip, submissionId: unfinished, chunkSize: 64 * 1024,
      onChunk: (accepted, upload) => {
        if (accepted >= 64 * 1024) void upload.abort()
      },
    })
    await chunksAccepted(partial, 1)
    const before = await objects()
    const rows = await server.ctx.database.db.selectFrom('submissions').select(['media_key', 'upload_id']).where('user_id', '=', maker.id).execute()
    const theirs = rows.flatMap((row) => [row.media_key, row.upload_id]).filter((value): value is string => Boolean(value))
    expect(theirs.length).toBe(3)
    expect(before.filter((key) => theirs.some((part) => key.includes(part))).length).toBeGreaterThan(3)

    const api = apiClient(server.api, { token: maker.token })
    const since = server.smtp.mails.length
    expect((await api.post('/me/delete/code')).status).toBe(202)
    const code = await server.smtp.waitForCode('leaving@example.com', { since, pattern: DELETION_CODE })
    expect((await api.post('/me/delete', { otp: code })).status).toBe(204)

    const after = await objects()
    expect(after.filter((key) => theirs.some((part) => key.includes(part)))).toEqual([])
    expect((await multipartUploads()).filter((upload) => theirs.some((part) => upload.Key!.includes(part)))).toEqual([])
    // Only what other people own is left.
    const others = new Set(before.filter((key) => !theirs.some((part) => key.includes(part))))
    expect(after.every((key) => others.has(key))).toBe(true)
  })
})
