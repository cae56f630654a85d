/**
 * nginx on deploy/nginx-s3.conf in front of the API, with a Ceph bucket as the media origin (issue 34):
 * segments come from nginx's cache keyed by the media path alone, so a second learner's request for a
 * segment is a cache hit (the bucket is not asked again), while a request without a valid grant never
 * gets media bytes, cached or not. Skipped, with the reason printed, where Ceph or nginx is missing.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { makePremium, seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { forgedMediaPaths, LADDER_FILES, rawPath } from '../../test-support/forged-media-paths.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { nginxAvailable, startNginx, type RunningNginx } from '../../test-support/nginx-server.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { ladderFileOptions } from './media-store.ts'

const ceph = cephForThisFile()
const skip = ceph.missing ?? (nginxAvailable() ? undefined : 'nginx is not installed')
if (skip && !ceph.missing) console.log(`nginx S3 cache tests skipped: ${skip}`)

describe.skipIf(skip)('nginx as a caching proxy over the bucket', () => {
  let server: TestServer
  let nginx: RunningNginx
  let work: string
  let mediaKey: string
  let videoId: number
  let premiumKey: string
  let premiumVideoId: number

  beforeAll(async () => {
    const settings = ceph.settings()
    server = await startTestServer({
      env: { ...ceph.env(settings), S3_MEDIA_ORIGIN_PUBLIC: 'true', MEDIA_ACCEL_REDIRECT: '/internal-media/', TRUST_PROXY: '1' },
    })
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-s3-'))
    // A 12 s ladder of 2 s segments, made locally and stored in the bucket as the worker stores one.
    mediaKey = makeHlsFixture(work)
    await server.ctx.storage.media.putDir(`media/${mediaKey}`, path.join(work, 'media', mediaKey), ladderFileOptions)
    videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    // A premium video whose files are bytes of their own, so an answer holding them is plainly its.
    premiumKey = makeHlsFixture(work)
    for (const file of LADDER_FILES) {
      fs.mkdirSync(path.dirname(path.join(work, 'media', premiumKey, file)), { recursive: true })
      fs.writeFileSync(path.join(work, 'media', premiumKey, file), `only-premium-${file}-`.repeat(200))
    }
    await server.ctx.storage.media.putDir(`media/${premiumKey}`, path.join(work, 'media', premiumKey), ladderFileOptions)
    premiumVideoId = await seedVideo(server, { access: 'premium', mediaKey: premiumKey, duration: 12 })
    nginx = await startNginx({
      dir: work,
      dataDir: server.dataDir,
      apiPorts: [Number(new URL(server.baseUrl).port)],
      bucket: { origin: new URL(settings.endpoint!).host, name: settings.bucket },
    })
  }, 120_000)

  afterAll(async () => {
    await nginx?.stop()
    await server?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  async function playbackOf(email: string): Promise<string> {
    const learner = await signIn(server, email)
    const detail = await apiClient(server.api, { token: learner.token }).get(`/videos/${videoId}`)
    return detail.body.data.playback.hls_url as string
  }

  it("a second learner's request for a segment is a hit in nginx's cache, with the bytes the bucket holds", async () => {
    const [first, second] = [await playbackOf('first@example.com'), await playbackOf('second@example.com')]
    expect(first).not.toBe(second) // two grants: two URLs, one cache entry
    const stored = await server.ctx.storage.media.read(`media/${mediaKey}/v360p/seg_001.m4s`)
    const chunks: Buffer[] = []
    for await (const chunk of stored!) chunks.push(Buffer.from(chunk as Buffer))
    const bytes = Buffer.concat(chunks)

    const segment = (hls: string) => fetch(`${nginx.url}${hls.replace('master.m3u8', 'v360p/seg_001.m4s')}`)
    const a = await segment(first)
    expect(a.status).toBe(200)
    expect(a.headers.get('x-cache-status')).toBe('MISS')
    expect(a.headers.get('content-type')).toBe('video/iso.segment')
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=31536000, immutable')
    expect(Buffer.from(await a.arrayBuffer()).equals(bytes)).toBe(true)

    const b = await segment(second)
    expect(b.status).toBe(200)
    expect(b.headers.get('x-cache-status')).toBe('HIT')
    expect(Buffer.from(await b.arrayBuffer()).equals(bytes)).toBe(true)

    // A range, as Safari asks, answered from the cached object.
    const ranged = await fetch(`${nginx.url}${second.replace('master.m3u8', 'v360p/seg_001.m4s')}`, { headers: { range: 'bytes=0-9' } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true)

    // Playlists go through the API's checks and come with the learner's grant written in.
    const master = await fetch(`${nginx.url}${first}`)
    expect(master.status).toBe(200)
    expect(await master.text()).toContain(`v360p/index.m3u8?grant=${new URL(first, nginx.url).searchParams.get('grant')}`)
  })

  it('without a valid grant no media bytes come back, though the segment is in the cache', async () => {
    const hls = await playbackOf('third@example.com')
    const path = hls.replace('master.m3u8', 'v360p/seg_001.m4s')
    expect((await fetch(`${nginx.url}${path}`)).status).toBe(200) // in the cache
    const grant = new URL(path, nginx.url).searchParams.get('grant')!
    const forged = `${grant.slice(0, -1)}${grant.endsWith('A') ? 'B' : 'A'}`
    // Another video's grant, good for that video (and that answer kept by nginx).
    const otherVideo = await seedVideo(server, { access: 'free', mediaKey: 'b'.repeat(32), duration: 12 })
    const learner = await signIn(server, 'fourth@example.com')
    const otherHls = (await apiClient(server.api, { token: learner.token }).get(`/videos/${otherVideo}`)).body.data.playback.hls_url as string
    const other = new URL(otherHls, nginx.url).searchParams.get('grant')!
    expect((await fetch(`${nginx.url}/media/grant/${'b'.repeat(32)}/${other}`)).status).toBe(200)
    const refusals = [
      path.replace(grant, forged), // signature changed
      path.replace(grant, grant.replace(/\.(\d+)\.0\./, (_, expires: string) => `.${Number(expires) + 3600}.0.`)), // stretched
      path.replace(grant, other), // another video's
      path.slice(0, path.indexOf('?')), // no grant at all
      `/media/${mediaKey}/v360p/seg_001.m4s`, // not a media path
      `/internal-media/${mediaKey}/v360p/seg_001.m4s`, // the internal location from outside
    ]
    const refused = async (url: string) => {
      const answer = await fetch(`${nginx.url}${url}`)
      expect([403, 404], url).toContain(answer.status)
      const body = Buffer.from(await answer.arrayBuffer())
      expect(answer.headers.get('content-type') ?? '', url).not.toMatch(/video|octet/)
      expect(body.length, url).toBeLessThan(1000)
    }
    for (const url of refusals) await refused(url)
    // A grant never checked before, asked for after it expired.
    const late = (await playbackOf('fifth@example.com')).replace('master.m3u8', 'v360p/seg_001.m4s')
    server.clock.advance(3600 * 1000 + 1000)
    try {
      await refused(late)
    } finally {
      server.clock.reset()
    }
  })

  it("a free grant gets no premium bytes through a path that climbs from its video into the premium one's, though they are cached", async () => {
    const payer = await signIn(server, 'payer@example.com')
    await makePremium(server, payer.user.id)
    const paid = (await apiClient(server.api, { token: payer.token }).get(`/videos/${premiumVideoId}`)).body.data.playback.hls_url as string
    for (const file of LADDER_FILES) expect((await fetch(`${nginx.url}${paid.replace('master.m3u8', file)}`)).status, file).toBe(200) // cached now
    const freeGrant = new URL(await playbackOf('climber@example.com'), nginx.url).searchParams.get('grant')!
    let sent = 0
    for (const file of LADDER_FILES) {
      for (const url of forgedMediaPaths(mediaKey, premiumKey, freeGrant, file)) {
        const answer = await rawPath(nginx.url, url)
        expect([400, 403, 404], url).toContain(answer.status)
        expect(answer.type, url).not.toMatch(/video|octet/)
        expect(answer.body.includes('only-premium'), url).toBe(false)
        sent++
      }
    }
    expect(sent).toBeGreaterThan(150)
  })
})

describe('deploy/nginx-s3.conf', () => {
  it('is deploy/nginx.conf but for the media locations: every other directive of the disk configuration is in it', () => {
    const repo = path.resolve(import.meta.dirname, '../../..')
    const directives = (file: string) =>
      fs
        .readFileSync(path.join(repo, file), 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
    const s3 = new Set(directives('deploy/nginx-s3.conf'))
    // What only the disk configuration has: files from DATA_DIR and their types.
    const diskOnly = (line: string) => /^(alias |types \{|location \/internal-media\/ \{|[a-z]+\/[a-z0-9.+-]+ [a-z0-9 ]+;$)/.test(line)
    expect(directives('deploy/nginx.conf').filter((line) => !diskOnly(line) && !s3.has(line))).toEqual([])
  })
})
