/**
 * One behaviour, two stores: every case runs on the local disk and on a real Ceph gateway (skipped,
 * with the reason printed, where Ceph is not installed). The store does not touch the database, so the
 * PostgreSQL project skips its S3 half rather than start a second cluster.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { GetBucketLifecycleConfigurationCommand } from '@aws-sdk/client-s3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { createDiskStore } from './disk-store.ts'
import { ladderFileOptions, type MediaStore } from './media-store.ts'
import { createS3Store, prepareBucket } from './s3-store.ts'

const onPostgresProject = process.env.DEHIEU_TEST_ENGINE === 'postgres'
const ceph = onPostgresProject ? undefined : cephForThisFile()

async function text(stream: NodeJS.ReadableStream | undefined): Promise<string | undefined> {
  if (!stream) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

const kinds: { name: string; skip: string | undefined; make: () => Promise<MediaStore> }[] = [
  { name: 'disk', skip: undefined, make: async () => createDiskStore(fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-store-'))) },
  {
    name: 's3 (Ceph)',
    skip: onPostgresProject ? 'the SQLite project runs it' : ceph!.missing,
    async make() {
      const settings = ceph!.settings()
      const store = createS3Store(settings)
      await prepareBucket(store.client, settings.bucket, (message, error) => {
        throw new Error(`${message}: ${String(error)}`)
      })
      return store
    },
  },
]

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`media store on ${kind.name}`, () => {
    let store: MediaStore
    let scratch: string
    beforeEach(async () => {
      store = await kind.make()
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-scratch-'))
    })
    afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }))

    function ladder(): string {
      const dir = path.join(scratch, 'ladder')
      fs.mkdirSync(path.join(dir, 'v360p'), { recursive: true })
      fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\nv360p/index.m3u8\n')
      fs.writeFileSync(path.join(dir, 'v360p', 'index.m3u8'), '#EXTM3U\nseg_000.m4s\n')
      fs.writeFileSync(path.join(dir, 'v360p', 'seg_000.m4s'), '0123456789')
      return dir
    }

    it('moves a ladder in whole, reads it back (ranges too), lists and removes it', async () => {
      const dir = ladder()
      await store.putDir('media/aaaa', dir, ladderFileOptions)
      expect(fs.existsSync(dir)).toBe(false)
      expect(await store.readText('media/aaaa/master.m3u8')).toBe('#EXTM3U\nv360p/index.m3u8\n')
      expect(await store.stat('media/aaaa/v360p/seg_000.m4s')).toMatchObject({ size: 10 })
      expect(await text(await store.read('media/aaaa/v360p/seg_000.m4s', { start: 2, end: 4 }))).toBe('234')
      const keys: string[] = []
      for await (const object of store.list('media')) keys.push(object.key)
      expect(keys.sort()).toEqual(['media/aaaa/master.m3u8', 'media/aaaa/v360p/index.m3u8', 'media/aaaa/v360p/seg_000.m4s'])

      expect(await store.removePrefix('media/aaaa')).toBe(3)
      expect(await store.stat('media/aaaa/master.m3u8')).toBeUndefined()
      expect(await store.read('media/aaaa/v360p/seg_000.m4s')).toBeUndefined()
      const left: string[] = []
      for await (const object of store.list('')) left.push(object.key)
      expect(left).toEqual([])
    })

    it('moves a single file in, downloads it to a local file, removes it', async () => {
      const file = path.join(scratch, 'video.webm')
      fs.writeFileSync(file, 'application video')
      await store.putFile('applications/abc.webm', file, { contentType: 'video/webm' })
      expect(fs.existsSync(file)).toBe(false)
      const copy = path.join(scratch, 'copy')
      expect(await store.download('applications/abc.webm', copy)).toBe(true)
      expect(fs.readFileSync(copy, 'utf8')).toBe('application video')
      expect(await store.download('applications/none.webm', copy)).toBe(false)
      await store.remove('applications/abc.webm')
      expect(await store.stat('applications/abc.webm')).toBeUndefined()
    })

    it('refuses keys that could leave the store', async () => {
      for (const key of ['../etc/passwd', 'media/../x', '/abs', 'media//x', 'media/.hidden']) {
        await expect(store.stat(key)).rejects.toThrow(/not a storage key/)
      }
    })

    if (kind.name.startsWith('s3')) {
      it('sets the rule that aborts abandoned multipart uploads', async () => {
        const s3 = store as ReturnType<typeof createS3Store>
        const rules = await s3.client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: s3.bucket }))
        expect(rules.Rules?.[0]?.AbortIncompleteMultipartUpload?.DaysAfterInitiation).toBe(2)
      })
    }
  })
}
