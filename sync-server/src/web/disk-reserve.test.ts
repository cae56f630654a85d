/**
 * The free-space reserve watches the disks uploads actually fill (issue 34): DATA_DIR on the disk store;
 * with a bucket also the temporary folder @tus/s3-store stages each part in and the transcode scratch,
 * which fill while DATA_DIR stays empty.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOADS_PATH } from '../../../contract/index.ts'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor } from '../../test-support/users.ts'
import { createStores } from '../storage/stores.ts'
import { createDiskReserve, freeBytes } from './disk-reserve.ts'

describe('the reserve', () => {
  it('refuses when any watched disk is under it, and only then', () => {
    const free: Record<string, number> = { '/data': 10_000, '/tmp': 500 }
    const reserve = createDiskReserve(['/data', '/tmp'], 1000, (dir) => free[dir]!)
    expect(() => reserve.check()).toThrow(expect.objectContaining({ status: 507, code: 'insufficient_storage' }))
    free['/tmp'] = 1000
    expect(() => reserve.check()).not.toThrow()
    free['/data'] = 999
    expect(() => reserve.check()).toThrow(expect.objectContaining({ status: 507 }))
    expect(() => createDiskReserve(['/data'], 0, () => 0).check()).not.toThrow()
  })

  it('watches DATA_DIR on disk; with a bucket also the temporary folder tus stages parts in and the scratch', () => {
    expect(createStores({ kind: 'disk' }, '/srv/dehieu').stagingDirs).toEqual(['/srv/dehieu'])
    const s3 = createStores(
      { kind: 's3', endpoint: 'http://127.0.0.1:1', bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, mediaOriginPublic: false },
      '/srv/dehieu',
    )
    expect(s3.stagingDirs).toEqual(expect.arrayContaining(['/srv/dehieu', os.tmpdir(), s3.scratchRoot]))
    expect(s3.scratchRoot.startsWith(os.tmpdir())).toBe(true)
  })
})

// Through HTTP with two real disks: the temporary folder on a smaller one (/dev/shm here) than DATA_DIR's,
// and a reserve between their free spaces. Set before any server starts: os.tmpdir() reads TMPDIR.
const SMALL_DISK = '/dev/shm'
const ceph = cephForThisFile()
const dataParent = fs.realpathSync(os.tmpdir())
const apart = (() => {
  if (ceph.missing) return ceph.missing
  if (!fs.existsSync(SMALL_DISK)) return `${SMALL_DISK} is missing`
  const [small, large] = [freeBytes(SMALL_DISK), freeBytes(dataParent)]
  return large > small * 1.5 && small > 2 ** 30 ? undefined : `${SMALL_DISK} (${small} bytes free) is not well apart from ${dataParent} (${large})`
})()
if (apart && !ceph.missing) console.log(`disk reserve over two disks skipped: ${apart}`)

describe.skipIf(apart)('with media in a bucket, an upload is refused when the temporary folder is short, though DATA_DIR has room', () => {
  let server: TestServer
  let diskServer: TestServer
  let staging: string
  const tmpBefore = process.env.TMPDIR
  beforeAll(async () => {
    staging = fs.mkdtempSync(path.join(SMALL_DISK, 'dehieu-staging-'))
    // The reserve: more than the small disk has free, less than DATA_DIR's disk.
    const reserve = String(Math.floor((freeBytes(SMALL_DISK) + freeBytes(dataParent)) / 2))
    const dataDirs = [fs.mkdtempSync(path.join(dataParent, 'dehieu-reserve-s3-')), fs.mkdtempSync(path.join(dataParent, 'dehieu-reserve-disk-'))]
    process.env.TMPDIR = staging
    server = await startTestServer({ dataDir: dataDirs[0], env: { ...ceph.env(ceph.settings()), DISK_RESERVE_BYTES: reserve } })
    diskServer = await startTestServer({ dataDir: dataDirs[1], env: { DISK_RESERVE_BYTES: reserve } })
  }, 60_000)
  afterAll(async () => {
    if (tmpBefore === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = tmpBefore
    await server?.close()
    await diskServer?.close()
    if (staging) fs.rmSync(staging, { recursive: true, force: true })
  })

  async function createUpload(at: TestServer, email: string) {
    const session = await signIn(at, email)
    await makeContributor(at, session.user.id)
    const api = apiClient(at.api, { token: session.token })
    const submission = await api.post('/submissions', {
      submission: { title: 'Chợ nổi', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: true },
    })
    const response = await fetch(`${at.baseUrl}${UPLOADS_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `submission_id ${Buffer.from(String(submission.body.data.id)).toString('base64')},filename ${Buffer.from('clip.mp4').toString('base64')}`,
      },
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
  }

  it('answers 507 on S3, where tus stages in the short temporary folder; the disk store, which stages in DATA_DIR, takes it', async () => {
    expect(os.tmpdir()).toBe(staging)
    expect(await createUpload(server, 'reserve.s3@example.com')).toMatchObject({ status: 507, body: { error: 'insufficient_storage' } })
    expect((await createUpload(diskServer, 'reserve.disk@example.com')).status).toBe(201)
  })
})
