/**
 * media:copy's core against Ceph: a disk deployment's ladders, application videos and finished
 * uploads land in the bucket under the S3 store's keys, with their headers; unfinished uploads and
 * partial transcodes stay behind; a second run sends nothing again; a run after an interruption sends
 * only what is missing.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, describe, expect, it } from 'vitest'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { copyToBucket, reportLine } from './copy-to-bucket.ts'
import { createS3Store, prepareBucket } from './s3-store.ts'

const onPostgresProject = process.env.DEHIEU_TEST_ENGINE === 'postgres'
const ceph = onPostgresProject ? undefined : cephForThisFile()

describe.skipIf(onPostgresProject ? 'no database here: the SQLite project runs it' : ceph!.missing)('copying DATA_DIR into the bucket', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-copy-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('copies every kind once, resumes after an interruption, leaves unfinished uploads', async () => {
    const mediaKey = makeHlsFixture(dataDir, 4)
    fs.mkdirSync(path.join(dataDir, 'media', `.partial-${mediaKey}-0a0b0c0d`), { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'media', `.partial-${mediaKey}-0a0b0c0d`, 'junk'), 'x')
    fs.mkdirSync(path.join(dataDir, 'applications'))
    fs.writeFileSync(path.join(dataDir, 'applications', 'abc123.webm'), 'an application video')
    fs.mkdirSync(path.join(dataDir, 'uploads'))
    const [finished, unfinished] = ['a'.repeat(32), 'b'.repeat(32)]
    for (const id of [finished, unfinished]) {
      fs.writeFileSync(path.join(dataDir, 'uploads', id), `bytes of ${id}`)
      fs.writeFileSync(path.join(dataDir, 'uploads', `${id}.json`), '{}')
    }
    const settings = ceph!.settings()
    const store = createS3Store(settings)
    await prepareBucket(store.client, settings.bucket, () => undefined)
    const run = () => copyToBucket({ dataDir, client: store.client, bucket: settings.bucket, finishedUploads: new Set([finished]) })

    const first = await run()
    const mediaFiles = fs.readdirSync(path.join(dataDir, 'media', mediaKey), { recursive: true }).filter((name) => fs.statSync(path.join(dataDir, 'media', mediaKey, String(name))).isFile())
    expect(first.map((report) => [report.kind, report.copied, report.alreadyThere, report.skipped])).toEqual([
      ['media', mediaFiles.length, 0, 0],
      ['applications', 1, 0, 0],
      ['uploads', 1, 0, 1],
    ])
    expect(reportLine(first[2]!)).toMatch(/^uploads: 1 copied \(0\.0 MB\), 0 already in the bucket, 1 unfinished left on disk$/)
    const keys: string[] = []
    for await (const object of store.list('')) keys.push(object.key)
    expect(keys).toContain(`media/${mediaKey}/v360p/seg_000.m4s`)
    expect(keys).toContain('applications/abc123.webm')
    expect(keys).toContain(`uploads/${finished}`)
    expect(keys.filter((key) => key.includes('partial') || key.includes(unfinished) || key.endsWith('.json'))).toEqual([])
    const head = await store.client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `media/${mediaKey}/v360p/index.m3u8` }))
    expect(head.ContentType).toBe('application/vnd.apple.mpegurl')

    // Again: nothing sent. After losing one object (a copy stopped half-way): only that one.
    expect((await run()).map((report) => report.copied)).toEqual([0, 0, 0])
    await store.client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: `media/${mediaKey}/v360p/seg_001.m4s` }))
    const resumed = await run()
    expect(resumed[0]).toMatchObject({ copied: 1, alreadyThere: mediaFiles.length - 1 })
    expect(fs.existsSync(path.join(dataDir, 'media', mediaKey, 'v360p', 'seg_001.m4s'))).toBe(true) // the disk only read
  })
})
