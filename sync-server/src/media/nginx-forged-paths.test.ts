/**
 * The grant checked is the grant of the video served (issue 45, item 1), through the real nginx on
 * deploy/nginx.conf and, in front of it, the CDN edge on deploy/nginx-edge.conf. A free learner's grant
 * for a free video, and paths that name that video as sent but a premium video (or a preview past its
 * cut) once nginx resolves their dot segments, `..` plain or percent-encoded, sent as they stand: each
 * is refused, and no answer holds a byte of the other video, though the edge has it cached. Skipped,
 * with the reason printed, where nginx is missing.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePremium, seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { forgedMediaPath, forgedMediaPaths, LADDER_FILES, rawPath } from '../../test-support/forged-media-paths.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { nginxAvailable, startEdgeNginx, startNginx, type RunningNginx } from '../../test-support/nginx-server.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { mediaDir } from '../storage/media-paths.ts'

const skip = nginxAvailable() ? undefined : 'nginx is not installed'
if (skip) console.log(`nginx forged-path tests skipped: ${skip}`)

/** Gives each ladder file of a key bytes of its own, so an answer holding them is plainly that video's. */
function markLadder(dataDir: string, mediaKey: string): Map<string, Buffer> {
  const marked = new Map<string, Buffer>()
  for (const file of LADDER_FILES) {
    const bytes = Buffer.concat([Buffer.from(`only-${mediaKey}-${file}-`), crypto.randomBytes(4000)])
    fs.mkdirSync(path.dirname(path.join(mediaDir(dataDir, mediaKey), file)), { recursive: true })
    fs.writeFileSync(path.join(mediaDir(dataDir, mediaKey), file), bytes)
    marked.set(file, bytes)
  }
  return marked
}

describe.skipIf(skip)('forged media paths through nginx and a CDN edge', () => {
  let server: TestServer
  let origin: RunningNginx
  let edge: RunningNginx
  let work: string
  const keys = { free: '', premium: '', preview: '' }
  const marked = new Map<string, Map<string, Buffer>>()
  let freeGrant: string

  const grantOf = (hls: string) => new URL(hls, 'http://x').searchParams.get('grant')!

  beforeAll(async () => {
    // A preview of 4 s: seg_005 (10–12 s) is past it.
    server = await startTestServer({ env: { MEDIA_ACCEL_REDIRECT: '/internal-media/', TRUST_PROXY: '1', PREVIEW_SECONDS: '4' } })
    for (const access of ['free', 'premium', 'preview'] as const) {
      keys[access] = makeHlsFixture(server.dataDir)
      await seedVideo(server, { access, mediaKey: keys[access], duration: 12 })
    }
    marked.set(keys.premium, markLadder(server.dataDir, keys.premium))
    marked.set(keys.preview, markLadder(server.dataDir, keys.preview))
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-forged-'))
    origin = await startNginx({ dir: work, dataDir: server.dataDir, apiPorts: [Number(new URL(server.baseUrl).port)] })
    edge = await startEdgeNginx({ dir: work, origin })

    const learner = await signIn(server, 'forger@example.com')
    const videos = await apiClient(server.api, { token: learner.token }).get('/languages/vi/videos')
    const freeVideo = (videos.body.data as Array<{ id: number; access_level: string }>).find((video) => video.access_level === 'free')!
    freeGrant = grantOf((await apiClient(server.api, { token: learner.token }).get(`/videos/${freeVideo.id}`)).body.data.playback.hls_url as string)

    // A premium learner plays the premium video through the edge first: its files are in the edge's cache.
    const premium = await signIn(server, 'payer@example.com')
    await makePremium(server, premium.user.id)
    const premiumVideo = (videos.body.data as Array<{ id: number; access_level: string }>).find((video) => video.access_level === 'premium')!
    const paid = grantOf((await apiClient(server.api, { token: premium.token }).get(`/videos/${premiumVideo.id}`)).body.data.playback.hls_url as string)
    for (const file of LADDER_FILES) {
      const answer = await rawPath(edge.url, `/media/v/${keys.premium}/${file}?grant=${paid}`)
      expect(answer.status, file).toBe(200)
      expect(answer.body.equals(marked.get(keys.premium)!.get(file)!), file).toBe(true)
    }
  }, 60_000)

  afterAll(async () => {
    await edge?.stop()
    await origin?.stop()
    await server?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  /** No answer to a forged path may be the other video's file, or media at all. */
  function expectRefused(answer: { status: number; type: string; body: Buffer }, url: string) {
    expect([400, 403, 404], url).toContain(answer.status)
    expect(answer.type, url).not.toMatch(/video|octet/)
    expect(answer.body.length, url).toBeLessThan(1000)
    for (const files of marked.values()) for (const bytes of files.values()) expect(answer.body.includes(bytes.subarray(0, 48)), url).toBe(false)
  }

  it('answers the reported attack, /media/v/<free>/../<premium>/… with a free grant, 400 in the error shape at the origin and at the edge', async () => {
    for (const front of [origin, edge]) {
      for (const file of LADDER_FILES) {
        const answer = await rawPath(front.url, `/media/v/${keys.free}/../${keys.premium}/${file}?grant=${freeGrant}`)
        expect(answer.status, `${front.url} ${file}`).toBe(400)
        expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ error: 'validation_failed' })
        expect(answer.type).toMatch(/^application\/json/)
      }
    }
  })

  it('refuses every spelling of the climb into a premium video or past a preview, with no byte of it', async () => {
    let sent = 0
    for (const front of [origin, edge]) {
      for (const target of [keys.premium, keys.preview]) {
        for (const file of LADDER_FILES) {
          for (const url of forgedMediaPaths(keys.free, target, freeGrant, file)) {
            expectRefused(await rawPath(front.url, url), `${front === edge ? 'edge' : 'origin'} ${url}`)
            sent++
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500)
  })

  it('refuses forged paths drawn at random, and still serves the free video to its grant', async () => {
    const cases = fc.oneof(forgedMediaPath(keys.free, keys.premium, freeGrant), forgedMediaPath(keys.free, keys.preview, freeGrant))
    await fc.assert(
      fc.asyncProperty(cases, fc.boolean(), async (url, viaEdge) => {
        // Every drawn path has a segment between the keys, so none is the free video's own file either.
        expectRefused(await rawPath(viaEdge ? edge.url : origin.url, url), url)
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20261202), numRuns: 150 },
    )
    for (const front of [origin, edge]) {
      const own = await rawPath(front.url, `/media/v/${keys.free}/v360p/seg_001.m4s?grant=${freeGrant}`)
      expect(own.status).toBe(200)
      expect(own.body.equals(fs.readFileSync(path.join(mediaDir(server.dataDir, keys.free), 'v360p/seg_001.m4s')))).toBe(true)
    }
  })

  it('refuses dot segments anywhere, the API too, before any other check', async () => {
    for (const front of [origin, edge]) {
      for (const url of ['/api/v1/../api/v1/health', '/api/v1/%2e%2e/v1/health', '/api/v1/./health', '/media/%2E%2E/api/v1/health', '/x/.%2E%2fapi/v1/health']) {
        const answer = await rawPath(front.url, url)
        expect(answer.status, url).toBe(400)
        expect(JSON.parse(answer.body.toString('utf8')), url).toMatchObject({ error: 'validation_failed' })
      }
      // Dots that are not a segment of their own are a path like any other; a query may hold anything.
      expect((await rawPath(front.url, '/api/v1/health?next=/../x')).status).toBe(200)
    }
  })
})
