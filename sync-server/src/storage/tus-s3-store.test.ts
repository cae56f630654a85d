/**
 * A tus upload to the bucket whose process dies mid-PATCH (issue 34), against a real Ceph gateway
 * (skipped with the reason printed where Ceph is not installed). The server's S3 traffic goes through
 * test-support/s3-hold-proxy.ts, which stops the upload's writes dead at a chosen request, as a kill -9
 * would at that moment: nothing the process does with the upload's objects afterwards reaches the bucket.
 * The server is then restarted on the same data, straight on the gateway, and the contributor's client
 * asks where to go on (HEAD) and finishes the upload with tus-js-client. Bytes the server acknowledged
 * before the kill are never lost, HEAD never counts bytes the bucket does not hold in order, and the
 * finished object is the file, byte for byte.
 */
import { createHash, randomBytes } from 'node:crypto'
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3'
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
  afterEach(async () => {
    await server?.close()
    await proxy?.close()
  })
  afterAll(() => s3?.destroy())

  async function startThroughProxy() {
    proxy = await startS3HoldProxy(ceph.gateway().endpoint)
    // No worker: the random bytes stay as they were uploaded (a transcode would refuse and delete them).
    server = await startTestServer({ env: { ...ceph.env({ ...settings, endpoint: proxy.url }), WORKERS: '0' } })
    const session = await signIn(server, 'maker@example.com')
    await makeContributor(server, session.user.id)
    token = session.token
  }

  /** A submission and its tus upload (created, nothing sent): the upload's URL and id. */
  async function createUpload(): Promise<{ url: string; id: string }> {
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
        authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(source.length),
        'upload-metadata': `submission_id ${b64(String(created.body.data.id))},filename ${b64('river.mp4')},filetype ${b64('video/mp4')}`,
      },
    })
    expect(answer.status).toBe(201)
    const url = new URL(answer.headers.get('location')!, server.baseUrl).href
    return { url, id: url.split('/').pop()! }
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
    server = await startTestServer({ env: { ...ceph.env(settings), WORKERS: '0' }, dataDir: server.dataDir, port })

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
})
