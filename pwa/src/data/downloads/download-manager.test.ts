// @vitest-environment node
/**
 * Downloads against the real server and real HLS made by ffmpeg. Cache Storage is a browser API that
 * Node lacks, so a small in-memory Cache stands in for it here; e2e covers the real one in Chromium.
 */
import 'fake-indexeddb/auto'
import { Dexie, type EntityTable } from 'dexie'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { makePremium, seedVideo } from '../../../../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../../../../sync-server/test-support/hls-fixture.ts'
import { signIn, startTestServer, type TestServer } from '../../../../sync-server/test-support/test-server.ts'
import { createDownloadManager, DownloadError, type DownloadRecord } from './download-manager.ts'
import { offlineMasterUrl } from './offline-urls.ts'

class MemoryCache {
  entries = new Map<string, Response>()
  async match(key: string) {
    return this.entries.get(key)?.clone()
  }
  async put(key: string, response: Response) {
    this.entries.set(key, response)
  }
  async keys() {
    return [...this.entries.keys()].map((key) => new Request(`http://app${key}`))
  }
  async delete(request: Request) {
    return this.entries.delete(new URL(request.url).pathname)
  }
}

let server: TestServer
let token: string
let userId: number

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  const signedIn = await signIn(server, 'downloader@example.com')
  token = signedIn.token
  userId = signedIn.user.id
})
afterAll(() => server.close())

function setup(options: { failAfterSegments?: number; fits?: boolean } = {}) {
  const db = new Dexie(`downloads-${Math.random()}`) as Dexie & { downloads: EntityTable<DownloadRecord, 'videoId'> }
  db.version(1).stores({ downloads: 'videoId, status' })
  const cache = new MemoryCache()
  const fetched: string[] = []
  let segmentsLeft = options.failAfterSegments ?? Infinity
  const manager = createDownloadManager({
    table: db.downloads,
    origin: () => server.baseUrl,
    openCache: async () => cache as unknown as Cache,
    getVideo: async (id) => {
      const response = await fetch(`${server.api}/videos/${id}`, { headers: { authorization: `Bearer ${token}` } })
      if (!response.ok) throw Object.assign(new Error('api'), { status: response.status })
      return ((await response.json()) as { data: VideoDetail }).data
    },
    fetch: async (input, init) => {
      const url = String(input)
      if (url.endsWith('.m4s')) {
        if (segmentsLeft-- <= 0) throw new TypeError('Failed to fetch') // the network is gone
        fetched.push(url.slice(url.lastIndexOf('/') + 1))
      }
      return fetch(input, init)
    },
    checkSpace: async () => ({ fits: options.fits ?? true, freeBytes: options.fits === false ? 1000 : 10 ** 10, usedBytes: 0 }),
    askPersistence: async () => 'granted',
  })
  return { db, cache, manager, fetched, restoreNetwork: () => void (segmentsLeft = Infinity) }
}

describe('downloads', () => {
  it('stores one rendition whole, with a master that lists only it, and the poster', async () => {
    const videoId = seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12 })
    const { db, cache, manager } = setup()
    expect(await manager.start(videoId)).toEqual({ persistence: 'granted' })
    const record = await db.downloads.get(videoId)
    expect(record).toMatchObject({ status: 'complete', height: 90, filesDone: 7, filesTotal: 7 })
    expect(record!.bytesDone).toBeGreaterThan(0)
    const master = await (await cache.match(offlineMasterUrl(videoId)))!.text()
    expect(master).toContain('v360p/index.m3u8')
    const keys = [...cache.entries.keys()].sort()
    expect(keys).toEqual(
      [
        'offline.m3u8',
        'poster.jpg',
        'v360p/index.m3u8',
        'v360p/init.mp4',
        ...Array.from({ length: 6 }, (_, i) => `v360p/seg_00${i}.m4s`),
      ].map((name) => `/offline-media/${videoId}/${name}`).sort(),
    )
  })

  it('resumes a download cut off by the network from the first missing segment, fetching none twice', async () => {
    const videoId = seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12 })
    const { db, cache, manager, fetched, restoreNetwork } = setup({ failAfterSegments: 3 })
    await expect(manager.start(videoId)).rejects.toMatchObject({ code: 'network' })
    expect((await db.downloads.get(videoId))?.status).toBe('waiting_for_network')
    expect(await cache.match(offlineMasterUrl(videoId))).toBeUndefined() // not playable until whole
    const storedBefore = [...cache.entries.keys()].filter((key) => key.endsWith('.m4s')).length
    restoreNetwork()
    await manager.resumeInterrupted()
    expect((await db.downloads.get(videoId))?.status).toBe('complete')
    expect(fetched).toHaveLength(6)
    expect(new Set(fetched).size).toBe(6)
    expect(storedBefore).toBeGreaterThan(0)
  })

  it('refuses a download that would not fit, and one the learner may not watch in full', async () => {
    const free = seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4 })
    const full = setup({ fits: false })
    await expect(full.manager.start(free)).rejects.toMatchObject({ code: 'no_space' })
    expect(await full.db.downloads.count()).toBe(0)

    const preview = seedVideo(server, { access: 'preview', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4 })
    await expect(setup().manager.start(preview)).rejects.toBeInstanceOf(DownloadError)
  })

  it('removes a premium download once the learner has lost premium', async () => {
    const videoId = seedVideo(server, { access: 'premium', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4 })
    makePremium(server, userId)
    const { db, cache, manager } = setup()
    await manager.start(videoId)
    expect(await manager.removeRevoked()).toEqual([])
    makePremium(server, userId, false)
    expect(await manager.removeRevoked()).toEqual([expect.stringMatching(/^Video/)])
    expect(await db.downloads.count()).toBe(0)
    expect(cache.entries.size).toBe(0)
  })
})
