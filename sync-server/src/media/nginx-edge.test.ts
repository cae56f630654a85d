/**
 * A CDN in front of the origin (issue 34): nginx on deploy/nginx-edge.conf, as a CDN's edge, in front
 * of nginx on deploy/nginx.conf over the API and DATA_DIR. The grant travels in the query, so the edge
 * keys a segment by its path alone: the second learner's request for a segment is a hit in the edge's
 * cache, while a request without a valid grant for that video (none, forged, stretched, expired,
 * another video's) never gets media bytes, though the segment is cached. Skipped, with the reason
 * printed, where nginx is missing.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { nginxAvailable, startEdgeNginx, startNginx, type RunningNginx } from '../../test-support/nginx-server.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { mediaDir } from '../storage/media-paths.ts'

const skip = nginxAvailable() ? undefined : 'nginx is not installed'
if (skip) console.log(`nginx edge tests skipped: ${skip}`)

describe.skipIf(skip)('a CDN edge (nginx) in front of nginx and the API', () => {
  let server: TestServer
  let origin: RunningNginx
  let edge: RunningNginx
  let work: string
  let mediaKey: string
  let videoId: number
  let otherVideoId: number

  beforeAll(async () => {
    server = await startTestServer({ env: { MEDIA_ACCEL_REDIRECT: '/internal-media/', TRUST_PROXY: '1' } })
    mediaKey = makeHlsFixture(server.dataDir)
    videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    otherVideoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir), duration: 12 })
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-edge-'))
    origin = await startNginx({ dir: work, dataDir: server.dataDir, apiPorts: [Number(new URL(server.baseUrl).port)] })
    edge = await startEdgeNginx({ dir: work, origin })
  }, 60_000)

  afterAll(async () => {
    await edge?.stop()
    await origin?.stop()
    await server?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  async function playbackOf(email: string, video = videoId): Promise<string> {
    const learner = await signIn(server, email)
    return (await apiClient(server.api, { token: learner.token }).get(`/videos/${video}`)).body.data.playback.hls_url as string
  }
  const segmentOf = (hls: string) => hls.replace('master.m3u8', 'v360p/seg_001.m4s')
  const bytes = () => fs.readFileSync(path.join(mediaDir(server.dataDir, mediaKey), 'v360p', 'seg_001.m4s'))

  it("a second learner's request for a segment is a hit in the edge's cache, with the segment's bytes", async () => {
    const [first, second] = [await playbackOf('edge-first@example.com'), await playbackOf('edge-second@example.com')]
    expect(first).not.toBe(second) // two grants, one path
    expect(new URL(first, edge.url).pathname).toBe(new URL(second, edge.url).pathname)

    const a = await fetch(`${edge.url}${segmentOf(first)}`)
    expect(a.status).toBe(200)
    expect(a.headers.get('x-cache-status')).toBe('MISS')
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=31536000, immutable')
    expect(Buffer.from(await a.arrayBuffer()).equals(bytes())).toBe(true)

    const b = await fetch(`${edge.url}${segmentOf(second)}`)
    expect(b.status).toBe(200)
    expect(b.headers.get('x-cache-status')).toBe('HIT')
    expect(Buffer.from(await b.arrayBuffer()).equals(bytes())).toBe(true)
  })

  it('plays through the edge: the playlists carry the grant into every file they list', async () => {
    const hls = new URL(await playbackOf('edge-player@example.com'), edge.url)
    const master = await (await fetch(hls)).text()
    const variantUri = master.split('\n').find((line) => line.startsWith('v360p/'))!
    const variantUrl = new URL(variantUri, hls)
    const variant = await (await fetch(variantUrl)).text()
    const files = [/URI="([^"]+)"/.exec(variant)![1], ...variant.split('\n').filter((line) => line !== '' && !line.startsWith('#'))]
    expect(files).toHaveLength(7)
    for (const file of files) {
      const answer = await fetch(new URL(file, variantUrl))
      expect(answer.status, file).toBe(200)
      expect((await answer.arrayBuffer()).byteLength, file).toBeGreaterThan(0)
    }
  })

  it('without a valid grant for the video no media bytes come back, though the segment is in the cache', async () => {
    const hls = await playbackOf('edge-third@example.com')
    expect((await fetch(`${edge.url}${segmentOf(hls)}`)).status).toBe(200) // cached now, if it was not
    const grant = new URL(hls, edge.url).searchParams.get('grant')!
    const path = new URL(segmentOf(hls), edge.url).pathname
    // Another video's grant, good for that video (checked at the edge, and that answer kept there).
    const otherHls = await playbackOf('edge-other@example.com', otherVideoId)
    const other = new URL(otherHls, edge.url).searchParams.get('grant')!
    expect((await fetch(`${edge.url}${segmentOf(otherHls)}`)).status).toBe(200)
    const refusals = [
      path, // no grant
      `${path}?grant=`,
      `${path}?grant=${grant.slice(0, -1)}${grant.endsWith('A') ? 'B' : 'A'}`, // signature changed
      `${path}?grant=${grant.replace(/\.(\d+)\.0\./, (_, expires: string) => `.${Number(expires) + 3600}.0.`)}`, // stretched
      `${path}?grant=${other}`, // another video's
      `${path}?grant=../../x`,
      `/internal-media/${mediaKey}/v360p/seg_001.m4s`,
    ]
    const refused = async (url: string) => {
      const answer = await fetch(`${edge.url}${url}`)
      expect([403, 404], url).toContain(answer.status)
      expect(answer.headers.get('content-type') ?? '', url).not.toMatch(/video|octet/)
      expect(Buffer.from(await answer.arrayBuffer()).length, url).toBeLessThan(1000)
    }
    for (const url of refusals) await refused(url)
    // A grant never checked before, asked for after it expired.
    const late = await playbackOf('edge-late@example.com')
    server.clock.advance(3600 * 1000 + 1000)
    try {
      await refused(segmentOf(late))
    } finally {
      server.clock.reset()
    }
  })
})
