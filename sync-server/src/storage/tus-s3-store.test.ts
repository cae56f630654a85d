/**
 * A tus upload to the bucket whose process dies mid-PATCH (issue 34), against a real Ceph gateway
 * (skipped with the reason printed where Ceph is not installed). The server's S3 traffic goes through
 * test-support/s3-hold-proxy.ts, which stops the upload's writes dead at a chosen request, as a kill -9
 * would at that moment: nothing the process does with the upload's objects afterwards reaches the bucket.
 * The server is then restarted on the same data, straight on the gateway, and the contributor's client
 * asks where to go on (HEAD) and finishes the upload with tus-js-client. Bytes the server acknowledged
 * before the kill are never lost, HEAD never counts bytes the bucket does not hold in order, and the
 * finished object is the file, byte for byte.
 *
 * A process killed after the last part was stored but before CompleteMultipartUpload (or after it, before
 * the finish was recorded) leaves an upload HEAD calls done: whoever finds it next (the restart, another
 * process's HEAD, the periodic sweep, several of them at once) assembles the object, and the
 * submission's processing job is queued once, as the admin's jobs view shows.
 */
import { createHash, randomBytes } from 'node:crypto'
import { GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, ListPartsCommand, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { startS3HoldProxy, type HeldRequest, type S3HoldProxy } from '../../test-support/s3-hold-proxy.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { tusUpload } from '../../test-support/tus-upload.ts'
import { makeContributor } from '../../test-support/users.ts'
import type { S3Settings } from './s3-store.ts'
import { S3_MIN_PART_BYTES, TUS_PART_BYTES } from './tus-s3-store.ts'

const ceph = cephForThisFile()
const sha = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex')
const MiB = 1024 * 1024
const pathOf = (request: HeldRequest) => request.url.split('?')[0]
// No worker: the random bytes stay as they were uploaded (a transcode would refuse and delete them), and
// a processing job queued stays in the admin's list of queued jobs.
const ENV = { WORKERS: '0', ADMIN_EMAILS: 'admin@example.com' }

describe.skipIf(ceph.missing)('a tus upload to the bucket whose process dies mid-PATCH', () => {
  let settings: S3Settings
  let s3: S3Client
  let proxy: S3HoldProxy
  let server: TestServer
  let token: string
  // A first PATCH shorter than a part leaves a `.part`; the second one makes a whole part out of it and
  // leaves a new `.part`; the rest is sent after the restart.
  const first = 3 * MiB
  const second = TUS_PART_BYTES
  const source = randomBytes(first + second + TUS_PART_BYTES + 2 * MiB)

  beforeAll(async () => {
    expect(first).toBeLessThan(S3_MIN_PART_BYTES)
    settings = ceph.settings()
    s3 = ceph.client(settings)
  })
  /** Processes still up beside `server` (sharing its data), closed before it. */
  let others: TestServer[] = []
  afterEach(async () => {
    for (const other of others) await other.close({ keepData: true })
    others = []
    await server?.close()
    await proxy?.close()
  })
  afterAll(() => s3?.destroy())

  async function startThroughProxy() {
    proxy = await startS3HoldProxy(ceph.gateway().endpoint)
    server = await startTestServer({ env: { ...ceph.env({ ...settings, endpoint: proxy.url }), ...ENV } })
    const session = await signIn(server, 'maker@example.com')
    await makeContributor(server, session.user.id)
    token = session.token
  }

  /** A submission and its tus upload (created, nothing sent): the upload's URL and id. */
  async function createUpload(size = source.length): Promise<{ url: string; id: string; submissionId: number }> {
    const created = await apiClient(server.api, { token }).post('/submissions', {
      submission: {
        title: 'Sông nước', description: 'Killed mid-PATCH', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [],
        series_name: null, episode_number: null, release_confirmed: true, publishable: true,
      },
    })
    expect(created.status).toBe(201)
    const b64 = (text: string) => Buffer.from(text).toString('base64')
    const answer = await fetch(`${server.api}/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(size),
        'upload-metadata': `submission_id ${b64(String(created.body.data.id))},filename ${b64('river.mp4')},filetype ${b64('video/mp4')}`,
      },
    })
    expect(answer.status).toBe(201)
    const url = new URL(answer.headers.get('location')!, server.baseUrl).href
    return { url, id: url.split('/').pop()!, submissionId: Number(created.body.data.id) }
  }
  const patch = (url: string, offset: number, bytes: Buffer) =>
    fetch(url, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    })
  const headOffset = async (url: string) => {
    const answer = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } })
    expect(answer.status).toBe(200)
    return Number(answer.headers.get('upload-offset'))
  }
  const partExists = async (id: string) =>
    s3.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `uploads/${id}.part` })).then(() => true, () => false)

  /**
   * The first PATCH is acknowledged; the second is stopped dead at the request `dies` picks; the server
   * restarts straight on the gateway; tus-js-client resumes from HEAD's offset. Returns what was seen.
   */
  async function killedMidPatch(dies: (upload: string) => (request: HeldRequest) => boolean) {
    await startThroughProxy()
    const upload = await createUpload()
    const acknowledged = await patch(upload.url, 0, source.subarray(0, first))
    expect(acknowledged.status).toBe(204)
    expect(Number(acknowledged.headers.get('upload-offset'))).toBe(first)
    expect(await partExists(upload.id)).toBe(true) // the short PATCH's bytes wait in `.part`

    const stopped = proxy.holdNext(dies(`/${settings.bucket}/uploads/${upload.id}`))
    const dying = patch(upload.url, first, source.subarray(first, first + second)).then((answer) => answer.status, () => 'connection lost')
    const at = await stopped
    // The process dies here: the restarted one uses the gateway directly (the dead one's requests stay held).
    const port = Number(new URL(server.baseUrl).port)
    await server.close({ keepData: true })
    expect(await dying).toBe('connection lost')
    server = await startTestServer({ env: { ...ceph.env(settings), ...ENV }, dataDir: server.dataDir, port })

    const offset = await headOffset(upload.url)
    const resumed = tusUpload({ endpoint: `${server.api}/uploads`, token, data: source, submissionId: 0, uploadUrl: upload.url, chunkSize: first })
    await resumed.done
    const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: `uploads/${upload.id}` }))
    const stored = await object.Body!.transformToByteArray()
    return { at, offset, resumedFrom: resumed.accepted[0]! - first, stored, partLeft: await partExists(upload.id) }
  }

  it('killed after the old .part was read but before the part holding it was stored: HEAD still counts the acknowledged bytes, and the resumed upload is byte-exact', async () => {
    // The first write of the second PATCH: the part that opens with the `.part`'s bytes.
    const seen = await killedMidPatch((object) => (request) => request.method === 'PUT' && [object, `${object}.part`].includes(pathOf(request)))
    expect(seen.at.url).toContain('partNumber=1')
    expect(seen.offset).toBeGreaterThanOrEqual(first) // nothing acknowledged is lost
    expect(seen.offset).toBeLessThanOrEqual(first + second)
    expect(seen.resumedFrom).toBe(seen.offset) // the client went on from there
    expect(seen.stored.length).toBe(source.length)
    expect(sha(seen.stored)).toBe(sha(source))
    expect(seen.partLeft).toBe(false)
  }, 120_000)

  it('killed after the part holding the old .part was stored but before the new .part: the old one is not counted twice, and the resumed upload is byte-exact', async () => {
    const seen = await killedMidPatch((object) => (request) => request.method === 'PUT' && pathOf(request) === `${object}.part`)
    // Part 1 holds the first PATCH's bytes and the start of the second's; the old `.part` is stale.
    expect(seen.offset).toBe(TUS_PART_BYTES)
    expect(seen.resumedFrom).toBe(TUS_PART_BYTES)
    expect(seen.stored.length).toBe(source.length)
    expect(sha(seen.stored)).toBe(sha(source))
    expect(seen.partLeft).toBe(false)
  }, 120_000)

  it('a PATCH whose first part never lands while the later ones do, then killed: HEAD counts up to the gap, and a client resuming in other chunk sizes ends byte-exact', async () => {
    // The parts of a PATCH are stored side by side (issue 47), so a later one may land when an earlier never does.
    await startThroughProxy()
    const data = randomBytes(3 * TUS_PART_BYTES + 2 * MiB)
    const upload = await createUpload(data.length)
    const object = `/${settings.bucket}/uploads/${upload.id}`
    proxy.holdOnly((request) => request.method === 'PUT' && pathOf(request) === object && /[?&]partNumber=1(&|$)/.test(request.url))
    const dying = patch(upload.url, 0, data.subarray(0, 3 * TUS_PART_BYTES)).then((answer) => answer.status, () => 'connection lost')
    // Parts 2 and 3 are in the bucket, part 1 never will be.
    const { Uploads } = await s3.send(new ListMultipartUploadsCommand({ Bucket: settings.bucket, Prefix: `uploads/${upload.id}` }))
    const listParts = () => s3.send(new ListPartsCommand({ Bucket: settings.bucket, Key: `uploads/${upload.id}`, UploadId: Uploads![0]!.UploadId }))
    while (((await listParts()).Parts ?? []).length < 2) await new Promise((resolve) => setImmediate(resolve))
    const port = Number(new URL(server.baseUrl).port)
    await server.close({ keepData: true })
    expect(await dying).toBe('connection lost')
    server = await startTestServer({ env: { ...ceph.env(settings), ...ENV }, dataDir: server.dataDir, port })

    expect(await headOffset(upload.url)).toBe(0) // nothing counts past the gap
    // 13 MiB chunks: the resumed PATCH's last piece (5 MiB) is shorter than a part, with part 2 still there past the gap.
    const resumed = tusUpload({ endpoint: `${server.api}/uploads`, token, data, submissionId: 0, uploadUrl: upload.url, chunkSize: 13 * MiB })
    await resumed.done
    const stored = await (await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: `uploads/${upload.id}` }))).Body!.transformToByteArray()
    expect(stored.length).toBe(data.length)
    expect(sha(stored)).toBe(sha(data))
    expect(await partExists(upload.id)).toBe(false)
  }, 120_000)

  // The whole upload stored in parts, CompleteMultipartUpload never sent: the multipart upload stays open,
  // HEAD counts every byte, and tus-js-client sends nothing more. Someone must assemble the object.
  const clip = randomBytes(TUS_PART_BYTES + 2 * MiB)
  /** CompleteMultipartUpload of this upload: a POST on its object naming the multipart upload. */
  const completing = (id: string) => (request: HeldRequest) =>
    request.method === 'POST' && pathOf(request) === `/${settings.bucket}/uploads/${id}` && request.url.includes('uploadId=')

  /** Another API process on the same database and bucket (straight on the gateway), up before the first dies. */
  async function anotherProcess(): Promise<TestServer> {
    const other = await startTestServer({ env: { ...ceph.env(settings), ...ENV }, dataDir: server.dataDir })
    others.push(other)
    return other
  }
  /** The clip sent in one PATCH whose process dies as it asks the bucket to assemble the parts (or at `dies`). */
  async function killedAtComplete(dies = completing) {
    const upload = await createUpload(clip.length)
    const stopped = proxy.holdNext(dies(upload.id))
    const dying = patch(upload.url, 0, clip).then((answer) => answer.status, () => 'connection lost')
    await stopped
    const port = Number(new URL(server.baseUrl).port)
    await server.close({ keepData: true })
    expect(await dying).toBe('connection lost')
    return { ...upload, port, path: new URL(upload.url).pathname }
  }
  /** Serving from now on: `on` (the dead process's data stays for it). */
  const carryOnWith = (on: TestServer) => {
    others = others.filter((other) => other !== on)
    server = on
  }
  /** The periodic upload sweep, as the job queue runs it once per period for the cluster (run here at once). */
  const sweep = (on: TestServer) => {
    const job = on.ctx.jobs.registry.periodic().find((periodic) => periodic.kind === 'sweep_uploads')!
    return job.handler({}, { id: 0, attempt: 1, claim: 0, signal: new AbortController().signal })
  }
  const storedSha = async (id: string) => {
    const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: `uploads/${id}` }))
    return sha(await object.Body!.transformToByteArray())
  }
  /** The jobs the admin's view lists (queued, running, failed), and the submission as its contributor sees it. */
  async function seenAfterwards(on: TestServer, submissionId: number) {
    const admin = apiClient(on.api, { token: (await signIn(on, 'admin@example.com')).token })
    const jobs = (await admin.get('/admin/jobs?state=all&limit=100')).body.data as Array<{ kind: string; state: string }>
    const { body } = await apiClient(on.api, { token }).get(`/submissions/${submissionId}`)
    return { jobs: jobs.map((job) => `${job.kind} ${job.state}`), upload: body.data.upload, processing: body.data.processing.state }
  }
  const finishedOnce = {
    jobs: ['process_submission queued'],
    upload: { state: 'complete', bytes_received: clip.length, bytes_total: clip.length },
    processing: 'queued',
  }

  it('killed after the last part was stored but before CompleteMultipartUpload, then restarted: the object is assembled, the resumed client finds the upload done, and the processing job is queued once', async () => {
    await startThroughProxy()
    const upload = await killedAtComplete()
    server = await startTestServer({ env: { ...ceph.env(settings), ...ENV }, dataDir: server.dataDir, port: upload.port })

    expect(await headOffset(upload.url)).toBe(clip.length)
    const resumed = tusUpload({ endpoint: `${server.api}/uploads`, token, data: clip, submissionId: 0, uploadUrl: upload.url })
    await resumed.done
    expect(resumed.accepted).toEqual([]) // nothing was sent again
    expect(await storedSha(upload.id)).toBe(sha(clip))
    expect(await partExists(upload.id)).toBe(false)
    expect(await seenAfterwards(server, upload.submissionId)).toEqual(finishedOnce)
  }, 120_000)

  it('killed at CompleteMultipartUpload while another process stays up: the client resuming through that one is told the upload is done only once the object is assembled, and the processing job is queued once', async () => {
    await startThroughProxy()
    const other = await anotherProcess()
    const upload = await killedAtComplete()
    carryOnWith(other)

    const url = `${other.baseUrl}${upload.path}`
    const resumed = tusUpload({ endpoint: `${other.api}/uploads`, token, data: clip, submissionId: 0, uploadUrl: url })
    await resumed.done
    expect(resumed.accepted).toEqual([])
    expect(await storedSha(upload.id)).toBe(sha(clip))
    expect(await partExists(upload.id)).toBe(false)
    // Asked again, and swept: nothing is done twice.
    expect(await headOffset(url)).toBe(clip.length)
    await sweep(other)
    expect(await seenAfterwards(other, upload.submissionId)).toEqual(finishedOnce)
    expect(await storedSha(upload.id)).toBe(sha(clip))
  }, 120_000)

  it('killed at CompleteMultipartUpload, and the client never asks again: the periodic sweep of another process assembles the object and queues the processing job once', async () => {
    await startThroughProxy()
    const other = await anotherProcess()
    const upload = await killedAtComplete()
    carryOnWith(other)

    await sweep(other)
    expect(await storedSha(upload.id)).toBe(sha(clip))
    expect(await partExists(upload.id)).toBe(false)
    expect(await seenAfterwards(other, upload.submissionId)).toEqual(finishedOnce)
    // The contributor comes back later: the upload is done, and nothing runs twice.
    const url = `${other.baseUrl}${upload.path}`
    const resumed = tusUpload({ endpoint: `${other.api}/uploads`, token, data: clip, submissionId: 0, uploadUrl: url })
    await resumed.done
    expect(resumed.accepted).toEqual([])
    await sweep(other)
    expect(await seenAfterwards(other, upload.submissionId)).toEqual(finishedOnce)
  }, 120_000)

  it('killed at CompleteMultipartUpload, then two processes answer HEAD while the sweep runs, all at once: each says done, the object is the file, and the processing job is queued once', async () => {
    await startThroughProxy()
    const one = await anotherProcess()
    const two = await anotherProcess()
    const upload = await killedAtComplete()
    carryOnWith(one)

    const heads = [one, two].map((on) =>
      fetch(`${on.baseUrl}${upload.path}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } }),
    )
    const [answers] = await Promise.all([Promise.all(heads), sweep(one)])
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.headers.get('upload-offset')).toBe(String(clip.length))
    }
    expect(await storedSha(upload.id)).toBe(sha(clip))
    expect(await partExists(upload.id)).toBe(false)
    expect(await seenAfterwards(one, upload.submissionId)).toEqual(finishedOnce)
  }, 120_000)

  it('killed after CompleteMultipartUpload but before the finish was recorded, another process up: its HEAD records it, and the processing job is queued once', async () => {
    await startThroughProxy()
    const other = await anotherProcess()
    // After completing, the store removes a leftover `.part`; the finish hook runs after that.
    const upload = await killedAtComplete((id) => (request) => request.method === 'DELETE' && pathOf(request) === `/${settings.bucket}/uploads/${id}.part`)
    carryOnWith(other)
    expect(await storedSha(upload.id)).toBe(sha(clip))

    const url = `${other.baseUrl}${upload.path}`
    const resumed = tusUpload({ endpoint: `${other.api}/uploads`, token, data: clip, submissionId: 0, uploadUrl: url })
    await resumed.done
    expect(resumed.accepted).toEqual([])
    expect(await seenAfterwards(other, upload.submissionId)).toEqual(finishedOnce)
  }, 120_000)

  it('a HEAD answered by one process, then a PATCH through another, then the next PATCH through the first: each lands where its offset says, and the object is the file', async () => {
    await startThroughProxy()
    const upload = await createUpload()
    expect((await patch(upload.url, 0, source.subarray(0, first))).status).toBe(204)
    // The first process finds the upload at `first` (the short PATCH's `.part`)…
    expect(await headOffset(upload.url)).toBe(first)
    // …then another process stores the next chunk (a part out of that `.part`, and a new `.part`)…
    const other = await anotherProcess()
    const throughOther = new URL(new URL(upload.url).pathname, other.baseUrl).href
    const middle = await patch(throughOther, first, source.subarray(first, first + second))
    expect(middle.status).toBe(204)
    expect(Number(middle.headers.get('upload-offset'))).toBe(first + second)
    // …and the first process takes the rest from there, not from what its HEAD saw.
    const last = await patch(upload.url, first + second, source.subarray(first + second))
    expect(last.status).toBe(204)
    expect(Number(last.headers.get('upload-offset'))).toBe(source.length)
    const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: `uploads/${upload.id}` }))
    expect(sha(await object.Body!.transformToByteArray())).toBe(sha(source))
  }, 120_000)
})
