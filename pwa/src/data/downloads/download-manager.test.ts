// @vitest-environment node
/**
 * Downloads against the real server and real HLS made by ffmpeg. Cache Storage is a browser API that
 * Node lacks, so a small in-memory Cache stands in for it here (reading the body as Chromium does, and
 * rejecting one shorter than its Content-Length); e2e covers the real one in Chromium.
 */
import 'fake-indexeddb/auto'
import fs from 'node:fs'
import path from 'node:path'
import { Dexie, type EntityTable } from 'dexie'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { makePremium, seedVideo } from '../../../../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../../../../sync-server/test-support/hls-fixture.ts'
import { mediaDir } from '../../../../sync-server/src/storage/media-paths.ts'
import { signIn, startTestServer, type TestServer } from '../../../../sync-server/test-support/test-server.ts'
import { createDownloadManager, DownloadError, type DownloadRecord } from './download-manager.ts'
import { AUDIO_ONLY, parseMediaPlaylist } from './hls-manifest.ts'
import { offlineMasterUrl } from './offline-urls.ts'
import { parsePartFiles } from './parts.ts'
import { memoryLocks, tryLock, type TabLocks } from '../runtime/locks.ts'
import type { BackgroundFetchManagerLike } from './background-fetch.ts'
import type { PageLeaving } from './page-leaving.ts'
import { finishBackgroundDownload } from './background-finish.ts'

class MemoryCache {
  entries = new Map<string, Response>()
  /** Puts that still find room; the next one is refused as a full disk refuses it. */
  room = Infinity
  async match(key: string) {
    return this.entries.get(key)?.clone()
  }
  async put(key: string, response: Response) {
    const body = await response.arrayBuffer() // rejects when the body fails midway
    if (this.room-- <= 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    const declared = response.headers.get('Content-Length')
    if (declared !== null && Number(declared) !== body.byteLength) throw new TypeError('Failed to store: body shorter than its length')
    this.entries.set(key, new Response(body, { status: response.status, headers: response.headers }))
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

type Network = 'up' | 'down' | 'cut-body'

/** The same answer as a chunked one: no Content-Length header. */
function withoutLength(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(response.body, { status: response.status, headers })
}

type Db = Dexie & { downloads: EntityTable<DownloadRecord, 'videoId'> }

/** What two tabs of one browser share: the database, Cache Storage and the locks. */
function browser() {
  const db = new Dexie(`downloads-${Math.random()}`) as Db
  db.version(1).stores({ downloads: 'videoId, status' })
  return { db, cache: new MemoryCache(), locks: memoryLocks() }
}

function setup(
  options: {
    fits?: boolean
    chunked?: boolean
    tab?: { db: Db; cache: MemoryCache; locks: TabLocks }
    backgroundFetch?: BackgroundFetchManagerLike
    leaving?: PageLeaving
    shownPicture?: (url: string) => Promise<Response | undefined>
    /** Locks other than the tab's own (to hold a grant back). */
    locks?: TabLocks
  } = {},
) {
  const { db, cache, locks } = options.tab ?? browser()
  /** The `from` of every part fetched whole from the server. */
  const fetched: number[] = []
  /** Every part request as it left, with its signal (aborted or not). */
  const partRequests: Array<{ from: number; signal?: AbortSignal | null }> = []
  // Parts the network lets through before it goes down, and how it goes down.
  let partsLeft = Infinity
  let failure: Network = 'down'
  /** How often the manager asked the server for a video's detail. */
  const videoCalls: number[] = []
  /** The playlists the manager read, by path. */
  const playlistReads: string[] = []
  // Parts let through before the rest wait for `openGate` (or for their request to be aborted).
  let gateAfter = Infinity
  let openGate = () => {}
  const gate = new Promise<void>((resolve) => (openGate = resolve))
  const manager = createDownloadManager({
    table: db.downloads,
    locks: options.locks ?? locks,
    origin: () => server.baseUrl,
    openCache: async () => cache as unknown as Cache,
    shownPicture: options.shownPicture,
    getVideo: async (id) => {
      videoCalls.push(id)
      const response = await fetch(`${server.api}/videos/${id}`, { headers: { authorization: `Bearer ${token}` } })
      if (!response.ok) throw Object.assign(new Error('api'), { status: response.status })
      return ((await response.json()) as { data: VideoDetail }).data
    },
    fetch: async (input, init) => {
      const url = new URL(String(input))
      if (url.pathname.endsWith('.m3u8')) playlistReads.push(url.pathname)
      if (options.chunked && (url.pathname.endsWith('/part') || url.pathname.endsWith('.jpg'))) return withoutLength(await fetch(input, init))
      if (!url.pathname.endsWith('/part')) return fetch(input, init)
      partRequests.push({ from: Number(url.searchParams.get('from')), signal: init?.signal })
      if (gateAfter-- <= 0) {
        await new Promise<void>((resolve, reject) => {
          void gate.then(resolve)
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError')))
        })
      }
      if (partsLeft-- <= 0) {
        if (failure === 'down') throw new TypeError('Failed to fetch') // the network is gone
        // The connection drops midway: the headers came, the body stops short.
        const whole = await fetch(input, init)
        const reader = whole.body!.getReader()
        const first = await reader.read()
        void reader.cancel()
        const cut = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(first.value!.subarray(0, 10))
            controller.error(new TypeError('network error'))
          },
        })
        return new Response(cut, { headers: whole.headers })
      }
      expect(init?.cache).toBe('no-store')
      fetched.push(Number(url.searchParams.get('from')))
      return fetch(input, init)
    },
    checkSpace: async () => ({ fits: options.fits ?? true, freeBytes: options.fits === false ? 1000 : 10 ** 10, usedBytes: 0 }),
    askPersistence: async () => 'granted',
    backgroundFetch: options.backgroundFetch && (async () => options.backgroundFetch),
    leaving: options.leaving,
  })
  const cutNetworkAfter = (parts: number, how: Network = 'down') => {
    partsLeft = parts
    failure = how
  }
  const holdPartsAfter = (parts: number) => void (gateAfter = parts)
  return { db, cache, manager, fetched, partRequests, videoCalls, playlistReads, cutNetworkAfter, restoreNetwork: () => void (partsLeft = Infinity), holdPartsAfter, openGate }
}

/** The stored parts of a download: their names and the files each header lists. */
function storedParts(cache: MemoryCache, videoId: number) {
  return [...cache.entries]
    .filter(([key]) => key.startsWith(`/offline-media/${videoId}/v360p/part_`))
    .map(([key, response]) => ({ key, files: parsePartFiles(response.headers.get('X-Part-Files'))! }))
}

/** Each segment of the stored byte-range playlist, cut from its part, equals the file on the server. */
async function expectPlayableFromParts(cache: MemoryCache, videoId: number, mediaKey: string) {
  const folder = path.join(mediaDir(server.dataDir, mediaKey), 'v360p')
  const playlist = await (await cache.match(`/offline-media/${videoId}/v360p/index.m3u8`))!.text()
  const original = parseMediaPlaylist(fs.readFileSync(path.join(folder, 'index.m3u8'), 'utf8'))
  const ranges = [...playlist.matchAll(/BYTERANGE[:=]"?(\d+)@(\d+)"?\n?(part_\d+\.bin)?/g)]
  const lines = playlist.split('\n')
  // The init file's range sits on the EXT-X-MAP line; each segment's on the line before its part.
  const map = /#EXT-X-MAP:URI="(part_\d+\.bin)",BYTERANGE="(\d+)@(\d+)"/.exec(playlist)!
  const pieces = [{ part: map[1], length: Number(map[2]), offset: Number(map[3]), file: original.initUri! }]
  lines.forEach((line, index) => {
    const range = /^#EXT-X-BYTERANGE:(\d+)@(\d+)$/.exec(line)
    if (range) pieces.push({ part: lines[index + 1], length: Number(range[1]), offset: Number(range[2]), file: original.segments[pieces.length - 1].uri })
  })
  expect(ranges.length).toBe(original.segments.length + 1)
  for (const piece of pieces) {
    const bytes = new Uint8Array(await (await cache.match(`/offline-media/${videoId}/v360p/${piece.part}`))!.arrayBuffer())
    expect(Buffer.from(bytes.subarray(piece.offset, piece.offset + piece.length)).equals(fs.readFileSync(path.join(folder, piece.file))), piece.file).toBe(true)
  }
}

describe('downloads', () => {
  it('stores one rendition whole in one part, a byte-range playlist into it, a master that lists only it, and the poster', async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 12)
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const { db, cache, manager, fetched } = setup()
    const outcome = await manager.start(videoId)
    const record = await db.downloads.get(videoId)
    // The record as the run completed it comes back with the answer: the page shows it at once.
    expect(outcome).toEqual({ persistence: 'granted', completed: record })
    expect(record).toMatchObject({ status: 'complete', height: 90, filesDone: 7, filesTotal: 7 })
    expect(record!.bytesDone).toBeGreaterThan(0)
    const master = await (await cache.match(offlineMasterUrl(videoId)))!.text()
    expect(master).toContain('v360p/index.m3u8')
    expect([...cache.entries.keys()].sort()).toEqual(
      ['offline.m3u8', 'poster.jpg', 'v360p/index.m3u8', 'v360p/part_000.bin'].map((name) => `/offline-media/${videoId}/${name}`).sort(),
    )
    expect(fetched).toEqual([0])
    expect(storedParts(cache, videoId)[0].files.map((file) => file.name)).toEqual(['init.mp4', ...Array.from({ length: 6 }, (_, i) => `seg_00${i}.m4s`)])
    expect(record!.bytesDone).toBe(storedParts(cache, videoId)[0].files.reduce((sum, file) => sum + file.size, 0))
    await expectPlayableFromParts(cache, videoId, mediaKey)
  })

  it('stores the audio alone when asked (commute mode): its rendition in parts, a master that lists only it, no picture', async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 12, { audioOnly: true })
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const { db, cache, manager } = setup()
    await manager.start(videoId, AUDIO_ONLY)
    const record = await db.downloads.get(videoId)
    expect(record).toMatchObject({ status: 'complete', height: AUDIO_ONLY })
    const master = await (await cache.match(offlineMasterUrl(videoId)))!.text()
    expect(master).toContain('CODECS="mp4a.40.2"')
    expect(master).not.toContain('v360p')
    const keys = [...cache.entries.keys()].filter((key) => key.startsWith(`/offline-media/${videoId}/`))
    expect(keys.filter((key) => key.includes('/v360p/'))).toEqual([])
    expect(keys).toEqual(expect.arrayContaining([`/offline-media/${videoId}/a48k/index.m3u8`, `/offline-media/${videoId}/a48k/part_000.bin`]))
    // Every file of the audio rendition stored once, and the bytes counted are those files.
    const folder = path.join(mediaDir(server.dataDir, mediaKey), 'a48k')
    const onServer = fs.readdirSync(folder).filter((file) => file !== 'index.m3u8')
    const stored = [...cache.entries].filter(([key]) => key.includes('/a48k/part_')).flatMap(([, response]) => parsePartFiles(response.headers.get('X-Part-Files'))!)
    expect(stored.map((file) => file.name).sort()).toEqual(onServer.sort())
    expect(record!.bytesDone).toBe(stored.reduce((sum, file) => sum + file.size, 0))
    // Much smaller than the video would be: a plan of each says so before anything is fetched.
    const detail = await (await fetch(`${server.api}/videos/${videoId}`, { headers: { authorization: `Bearer ${token}` } })).json() as { data: VideoDetail }
    expect(detail.data.audio_only).not.toBeNull()
    expect((await manager.plan(videoId, AUDIO_ONLY, detail.data))?.quality).toBe(AUDIO_ONLY)
  })

  it('refuses an audio-only download of a video made before the rendition, storing nothing', async () => {
    const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4 })
    const { db, cache, manager } = setup()
    await expect(manager.start(videoId, AUDIO_ONLY)).rejects.toMatchObject({ code: 'no_media' })
    expect([...cache.entries.keys()].filter((key) => key.includes(`/${videoId}/`) && !key.endsWith('poster.jpg'))).toEqual([])
    expect((await db.downloads.get(videoId))?.status).not.toBe('complete')
  })

  it('copies the poster the app has shown from the worker\'s thumbnails, and fetches it when it has not', async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 12)
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const asked: string[] = []
    const shown = setup({
      shownPicture: async (url) => {
        asked.push(new URL(url).pathname)
        return new Response('the picture as shown', { headers: { 'Content-Type': 'image/jpeg', 'Content-Length': '20' } })
      },
    })
    await shown.manager.start(videoId)
    expect(asked).toEqual([`/media/${mediaKey}/poster.jpg`])
    expect(await (await shown.cache.match(`/offline-media/${videoId}/poster.jpg`))!.text()).toBe('the picture as shown')

    const notShown = setup({ shownPicture: async () => undefined })
    await notShown.manager.start(videoId)
    const poster = new Uint8Array(await (await notShown.cache.match(`/offline-media/${videoId}/poster.jpg`))!.arrayBuffer())
    expect(Buffer.from(poster).equals(fs.readFileSync(path.join(mediaDir(server.dataDir, mediaKey), 'poster.jpg')))).toBe(true)
  })

  it('stores parts and the poster answered without a Content-Length with the length it read', async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 12, { bandwidth: 20_000_000 })
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const { db, cache, manager } = setup({ chunked: true })
    await manager.start(videoId)
    expect((await db.downloads.get(videoId))?.status).toBe('complete')
    const parts = storedParts(cache, videoId)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) {
      const stored = cache.entries.get(part.key)!
      const sum = part.files.reduce((total, file) => total + file.size, 0)
      expect(Number(stored.headers.get('Content-Length')), part.key).toBe(sum)
    }
    const poster = cache.entries.get(`/offline-media/${videoId}/poster.jpg`)!
    expect(Number(poster.headers.get('Content-Length'))).toBe(fs.statSync(path.join(mediaDir(server.dataDir, mediaKey), 'poster.jpg')).size)
    await expectPlayableFromParts(cache, videoId, mediaKey)
  })

  it('resumes a download cut off by the network from the first part not stored, fetching none twice', async () => {
    // A high declared bandwidth: the 12 s video travels in four parts of 24 MB as the app plans them.
    const mediaKey = makeHlsFixture(server.dataDir, 12, { bandwidth: 64_000_000 })
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const { db, cache, manager, fetched, cutNetworkAfter, restoreNetwork } = setup()
    cutNetworkAfter(2)
    await expect(manager.start(videoId)).rejects.toMatchObject({ code: 'network' })
    expect((await db.downloads.get(videoId))?.status).toBe('waiting_for_network')
    expect(await cache.match(offlineMasterUrl(videoId))).toBeUndefined() // not playable until whole
    const storedBefore = storedParts(cache, videoId).map((part) => part.key)
    expect(storedBefore).toHaveLength(2)
    const firstRound = [...fetched]
    restoreNetwork()
    await manager.resumeInterrupted()
    expect((await db.downloads.get(videoId))?.status).toBe('complete')
    const parts = storedParts(cache, videoId)
    expect(parts.length).toBeGreaterThan(3)
    // Every part fetched once, and the second round skipped those already stored.
    expect(fetched).toHaveLength(parts.length)
    expect(new Set(fetched).size).toBe(parts.length)
    expect(fetched.slice(firstRound.length).some((from) => firstRound.includes(from))).toBe(false)
    // Every file of the rendition is in exactly one part.
    expect(parts.flatMap((part) => part.files.map((file) => file.name)).sort()).toEqual(
      ['init.mp4', ...Array.from({ length: 6 }, (_, i) => `seg_00${i}.m4s`)].sort(),
    )
    await expectPlayableFromParts(cache, videoId, mediaKey)
  })

  it('stores nothing of a part whose body was cut short, and fetches it again on resume', async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 12, { bandwidth: 20_000_000 })
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const { db, cache, manager, fetched, cutNetworkAfter, restoreNetwork } = setup()
    cutNetworkAfter(0, 'cut-body')
    await expect(manager.start(videoId)).rejects.toMatchObject({ code: 'network' })
    expect(storedParts(cache, videoId)).toEqual([])
    expect((await db.downloads.get(videoId))?.filesDone).toBe(0)
    restoreNetwork()
    await manager.resumeInterrupted()
    expect((await db.downloads.get(videoId))?.status).toBe('complete')
    expect(fetched[0]).toBe(0) // the first part not stored comes first
    await expectPlayableFromParts(cache, videoId, mediaKey)
  })

  it("starts from the page's fresh detail without asking again, and asks when its grant is about to end or it is not full access", async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 4)
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 4 })
    const detail = async () =>
      ((await (await fetch(`${server.api}/videos/${videoId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: VideoDetail }).data
    const fresh = setup()
    await fresh.manager.start(videoId, undefined, await detail())
    expect(fresh.videoCalls).toEqual([])
    expect((await fresh.db.downloads.get(videoId))?.status).toBe('complete')

    const ending = setup()
    const soonOver = await detail()
    soonOver.playback!.expires_at = new Date(Date.now() + 60_000).toISOString()
    await ending.manager.start(videoId, undefined, soonOver)
    expect(ending.videoCalls).toEqual([videoId])

    const preview = setup()
    await preview.manager.start(videoId, undefined, { ...(await detail()), can_watch: 'preview' })
    expect(preview.videoCalls).toEqual([videoId]) // the server, not the page, says whether it may be downloaded
    expect((await preview.db.downloads.get(videoId))?.status).toBe('complete')
  })

  it('plans the size shown before the start from the playlists, and the press then starts on the parts without reading them again', async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 4)
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 4 })
    const detail = ((await (await fetch(`${server.api}/videos/${videoId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: VideoDetail }).data
    const page = setup()
    const planned = await page.manager.plan(videoId, 720, detail)
    // The fixture is made in 90p only: a 720p choice downloads the best below it.
    expect(planned).toMatchObject({ quality: 90 })
    expect(planned!.bytes).toBeGreaterThan(0)
    const read = [...page.playlistReads]
    expect(read).toHaveLength(2) // the master, then the variant
    await page.manager.start(videoId, 720, detail)
    expect(page.playlistReads).toEqual(read)
    expect(page.videoCalls).toEqual([])
    expect((await page.db.downloads.get(videoId))?.status).toBe('complete')
    await expectPlayableFromParts(page.cache, videoId, mediaKey)
    // No plan without a grant that lasts: the page then shows no size, and the press asks the server.
    const soonOver = { ...detail, playback: { ...detail.playback!, expires_at: new Date(Date.now() + 60_000).toISOString() } }
    expect(await setup().manager.plan(videoId, 360, soonOver)).toBeUndefined()
  })

  it("a press on the page asks for its parts before the lock and the record answer, and stores each once the run may", async () => {
    const mediaKey = makeHlsFixture(server.dataDir, 12, { bandwidth: 20_000_000 })
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const detail = ((await (await fetch(`${server.api}/videos/${videoId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: VideoDetail }).data
    // The lock is granted only when the test says so.
    const tab = browser()
    let grant!: () => void
    const granted = new Promise<void>((resolve) => (grant = resolve))
    const slowLocks: TabLocks = { request: async (name, options, callback) => granted.then(() => tab.locks.request(name, options, callback)) }
    const page = setup({ tab, locks: slowLocks })
    const planned = (await page.manager.plan(videoId, 360, detail))!
    const running = page.manager.start(videoId, 360, detail, { isNew: true })
    await vi.waitFor(() => expect(page.partRequests.length).toBeGreaterThan(1))
    expect(storedParts(tab.cache, videoId)).toEqual([]) // asked for, not stored: the run has no lock yet
    expect(await tab.db.downloads.get(videoId)).toBeUndefined()
    grant()
    await running
    expect((await tab.db.downloads.get(videoId))?.status).toBe('complete')
    // Every part came once, from the requests asked for at the press.
    const parts = storedParts(tab.cache, videoId)
    expect(parts.length).toBeGreaterThan(1)
    expect(page.partRequests).toHaveLength(parts.length)
    expect(page.partRequests.every((request) => !request.signal?.aborted)).toBe(true)
    expect(planned.bytes).toBeGreaterThan(0)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
  })

  it('a press that finds no room aborts the parts it asked for and stores nothing', async () => {
    const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12, { bandwidth: 20_000_000 }), duration: 12 })
    const detail = ((await (await fetch(`${server.api}/videos/${videoId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: VideoDetail }).data
    const full = setup({ fits: false })
    full.holdPartsAfter(0) // the answers never come: only an abort ends them
    await expect(full.manager.start(videoId, 360, detail, { isNew: true })).rejects.toMatchObject({ code: 'no_space' })
    expect(full.partRequests.length).toBeGreaterThan(1)
    expect(full.partRequests.every((request) => request.signal?.aborted)).toBe(true)
    expect(full.cache.entries.size).toBe(0)
    expect(await full.db.downloads.count()).toBe(0)
  })

  it('refuses a download that would not fit, and one the learner may not watch in full', async () => {
    const free = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4 })
    const full = setup({ fits: false })
    await expect(full.manager.start(free)).rejects.toMatchObject({ code: 'no_space' })
    expect(await full.db.downloads.count()).toBe(0)

    const preview = await seedVideo(server, { access: 'preview', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4 })
    await expect(setup().manager.start(preview)).rejects.toBeInstanceOf(DownloadError)
  })

  it('fails a download that runs out of room midway as out of space, and does not wait for the network to retry it', async () => {
    const { db, cache, manager } = setup()
    const videoId = await seedVideo(server, { access: 'free', mediaKey: makeHlsFixture(server.dataDir, 12), duration: 12 })
    cache.room = 0
    const refused = await manager.start(videoId).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DownloadError)
    expect(refused).toMatchObject({ code: 'no_space', details: { freeBytes: 10 ** 10 } })
    expect((refused as DownloadError).details.neededBytes).toBeGreaterThan(0)
    expect(await db.downloads.get(videoId)).toMatchObject({ status: 'failed', error: 'no_space' })
    // Coming online again does not start it over; the learner does, once there is room.
    await manager.resumeInterrupted()
    expect(await db.downloads.get(videoId)).toMatchObject({ status: 'failed' })
    cache.room = Infinity
    await manager.start(videoId)
    expect(await db.downloads.get(videoId)).toMatchObject({ status: 'complete' })
  })

  it('removes a premium download once the learner has lost premium', async () => {
    const videoId = await seedVideo(server, { access: 'premium', mediaKey: makeHlsFixture(server.dataDir, 4), duration: 4 })
    await makePremium(server, userId)
    const { db, cache, manager } = setup()
    await manager.start(videoId)
    expect(await manager.removeRevoked()).toEqual([])
    await makePremium(server, userId, false)
    expect(await manager.removeRevoked()).toEqual([expect.stringMatching(/^Video/)])
    expect(await db.downloads.count()).toBe(0)
    expect(cache.entries.size).toBe(0)
  })
})

describe('downloads in two tabs', () => {
  /** A video in several parts (a high declared bandwidth), and two tabs of one browser. */
  async function twoTabs() {
    const mediaKey = makeHlsFixture(server.dataDir, 12, { bandwidth: 20_000_000 })
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const tab = browser()
    return { videoId, mediaKey, tab, a: setup({ tab }), b: setup({ tab }) }
  }
  const status = async (db: Db, videoId: number) => (await db.downloads.get(videoId))?.status

  it('one tab downloads; the other leaves it alone, counts it as running, and every part is fetched once', async () => {
    const { videoId, mediaKey, tab, a, b } = await twoTabs()
    a.holdPartsAfter(1)
    const running = a.manager.start(videoId)
    await vi.waitFor(async () => expect(await status(tab.db, videoId)).toBe('downloading'))
    expect(await b.manager.start(videoId)).toEqual({})
    await b.manager.resumeInterrupted()
    expect(b.manager.isActive(videoId)).toBe(true) // its Pause button shows in this tab too
    a.openGate()
    await running
    expect(await status(tab.db, videoId)).toBe('complete')
    expect(b.fetched).toEqual([])
    expect(new Set(a.fetched).size).toBe(a.fetched.length)
    expect(a.fetched).toHaveLength(storedParts(tab.cache, videoId).length)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
    await vi.waitFor(() => expect(b.manager.isActive(videoId)).toBe(false))
    expect(b.fetched).toEqual([]) // it found the download complete when it got the lock
  })

  it("a press in a second tab while the first downloads aborts the parts it asked for at the press", async () => {
    const { videoId, mediaKey, tab, a } = await twoTabs()
    const detail = ((await (await fetch(`${server.api}/videos/${videoId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: VideoDetail }).data
    // The second tab's lock answer comes when the test says so, as a browser's comes a few ms later.
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const b = setup({ tab, locks: { request: async (name, options, callback) => answered.then(() => tab.locks.request(name, options, callback)) } })
    a.holdPartsAfter(1)
    const running = a.manager.start(videoId)
    await vi.waitFor(async () => expect(await status(tab.db, videoId)).toBe('downloading'))
    b.holdPartsAfter(0) // its answers would only come after an abort
    const pressed = b.manager.start(videoId, undefined, detail, { isNew: true })
    await vi.waitFor(() => expect(b.partRequests.length).toBeGreaterThan(1))
    answer() // the first tab holds it
    expect(await pressed).toEqual({})
    expect(b.partRequests.every((request) => request.signal?.aborted)).toBe(true)
    a.openGate()
    await running
    expect(b.fetched).toEqual([])
    expect(a.fetched).toHaveLength(storedParts(tab.cache, videoId).length)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
  })

  it('a pause pressed in the other tab stops the tab that downloads; resumed there, it goes on from the parts stored', async () => {
    const { videoId, mediaKey, tab, a, b } = await twoTabs()
    a.holdPartsAfter(1)
    const running = a.manager.start(videoId)
    await vi.waitFor(() => expect(storedParts(tab.cache, videoId)).toHaveLength(1))
    await vi.waitFor(async () => expect(await status(tab.db, videoId)).toBe('downloading'))
    await b.manager.pause(videoId)
    expect(await running).toEqual({}) // stopped: the parts held back were aborted
    expect(a.manager.isActive(videoId)).toBe(false)
    expect(await status(tab.db, videoId)).toBe('paused')
    expect(storedParts(tab.cache, videoId)).toHaveLength(1)

    await b.manager.start(videoId)
    await vi.waitFor(async () => expect(await status(tab.db, videoId)).toBe('complete'), { timeout: 10_000 })
    expect(a.fetched).toHaveLength(1)
    expect(b.fetched.some((from) => a.fetched.includes(from))).toBe(false)
    expect(a.fetched.length + b.fetched.length).toBe(storedParts(tab.cache, videoId).length)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
  })

  it('a delete pressed in the other tab stops the tab that downloads, and nothing it stored stays', async () => {
    const { videoId, tab, a, b } = await twoTabs()
    a.holdPartsAfter(1)
    const running = a.manager.start(videoId)
    await vi.waitFor(() => expect(storedParts(tab.cache, videoId)).toHaveLength(1))
    await vi.waitFor(async () => expect(await status(tab.db, videoId)).toBe('downloading'))
    await b.manager.remove(videoId)
    expect(await running).toEqual({})
    expect(await tab.db.downloads.get(videoId)).toBeUndefined()
    expect([...tab.cache.entries.keys()].filter((key) => key.startsWith(`/offline-media/${videoId}/`))).toEqual([])
  })

  it('a tab that found the download held carries on with it when the holder goes away mid-download', async () => {
    const { videoId, mediaKey, tab, a, b } = await twoTabs()
    a.cutNetworkAfter(1)
    await expect(a.manager.start(videoId)).rejects.toMatchObject({ code: 'network' })
    // Another tab holds it, downloading, and is then closed without a word.
    await tab.db.downloads.update(videoId, { status: 'downloading' })
    const closeTab = (await tryLock(tab.locks, `dehieu-download:${videoId}`))!
    await b.manager.resumeInterrupted()
    expect(b.fetched).toEqual([])
    expect(b.manager.isActive(videoId)).toBe(true)
    await closeTab()
    await vi.waitFor(async () => expect(await status(tab.db, videoId)).toBe('complete'), { timeout: 10_000 })
    expect(b.fetched.some((from) => a.fetched.includes(from))).toBe(false)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
  })
})

/** The browser's Background Fetch as the manager sees it; `finish` plays the browser and the worker. */
function fakeBackgroundFetch(tab: { db: Db; cache: MemoryCache }) {
  class Registration extends EventTarget {
    downloaded = 0
    result: '' | 'success' | 'failure' = ''
    aborted = false
    constructor(
      readonly id: string,
      readonly urls: string[],
    ) {
      super()
    }
    async abort() {
      this.aborted = true
      running.delete(this.id)
      return true
    }
  }
  const running = new Map<string, Registration>()
  const fetches: Registration[] = []
  const manager: BackgroundFetchManagerLike = {
    async fetch(id, urls) {
      const registration = new Registration(id, urls)
      running.set(id, registration)
      fetches.push(registration)
      return registration
    },
    async get(id) {
      return running.get(id)
    },
  }
  /** Every request of the fetch arrives, and the service worker stores them as sw.ts has it do. */
  async function finish(registration: Registration) {
    const records = registration.urls.map((url) => ({ request: new Request(url), responseReady: fetch(url) }))
    registration.result = 'success'
    await finishBackgroundDownload({ registration: { id: registration.id, matchAll: async () => records }, waitUntil: () => undefined }, 'success', {
      table: tab.db.downloads,
      openCache: async () => tab.cache as unknown as Cache,
    })
    running.delete(registration.id)
  }
  return { manager, fetches, finish }
}

/** A page whose visibility the test sets. */
function fakePage() {
  let hidden = false
  const listeners = new Set<() => void>()
  const leaving: PageLeaving = {
    hidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
  return {
    leaving,
    hide() {
      hidden = true
      for (const listener of [...listeners]) listener()
    },
    show: () => void (hidden = false),
  }
}

describe('downloads where the browser offers Background Fetch', () => {
  async function withBackgroundFetch() {
    const mediaKey = makeHlsFixture(server.dataDir, 12, { bandwidth: 20_000_000 })
    const videoId = await seedVideo(server, { access: 'free', mediaKey, duration: 12 })
    const tab = browser()
    const background = fakeBackgroundFetch(tab)
    const page = fakePage()
    return { videoId, mediaKey, tab, background, page, a: setup({ tab, backgroundFetch: background.manager, leaving: page.leaving }) }
  }
  const fromOf = (url: string) => Number(new URL(url).searchParams.get('from'))

  it('in sight, the page downloads every part itself and hands nothing to the browser', async () => {
    const { videoId, mediaKey, tab, background, a } = await withBackgroundFetch()
    await a.manager.start(videoId)
    const record = await tab.db.downloads.get(videoId)
    expect(record?.status).toBe('complete')
    expect(record?.handed).toBeUndefined()
    expect(background.fetches).toEqual([])
    expect(a.fetched).toHaveLength(storedParts(tab.cache, videoId).length)
    expect(a.fetched.length).toBeGreaterThan(1)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
  })

  it('hidden mid-download, only the parts not stored go to the browser; in sight again, the page follows that fetch and fetches nothing more', async () => {
    const { videoId, mediaKey, tab, background, page, a } = await withBackgroundFetch()
    a.holdPartsAfter(1)
    let settled = false
    const running = a.manager.start(videoId).finally(() => (settled = true))
    await vi.waitFor(() => expect(storedParts(tab.cache, videoId)).toHaveLength(1))
    await vi.waitFor(async () => expect((await tab.db.downloads.get(videoId))?.handed).toBeDefined())
    page.hide()
    expect(background.fetches).toHaveLength(1)
    const [registration] = background.fetches
    const planned = (await tab.db.downloads.get(videoId))!.handed!.parts.map((part) => part.from)
    // The part stored in the page is not handed over; every other one is, once.
    expect(registration.urls.map(fromOf).sort((x, y) => x - y)).toEqual(planned.filter((from) => !a.fetched.includes(from)))
    expect(a.fetched).toHaveLength(1)
    page.show()
    // Its progress shows while the browser fetches: the part stored in the page and the browser's bytes.
    const storedBytes = storedParts(tab.cache, videoId)[0].files.reduce((sum, file) => sum + file.size, 0)
    registration.downloaded = 1000
    registration.dispatchEvent(new Event('progress'))
    await vi.waitFor(async () => expect((await tab.db.downloads.get(videoId))?.bytesDone).toBe(storedBytes + 1000))
    // Asked again in sight (a press of Download, the keeper at start): no second download.
    expect(await a.manager.start(videoId)).toEqual({})
    await a.manager.resumeInterrupted()
    a.openGate()
    expect(settled).toBe(false)
    await background.finish(registration)
    await running
    expect((await tab.db.downloads.get(videoId))?.status).toBe('complete')
    expect(a.fetched).toHaveLength(1)
    expect(background.fetches).toHaveLength(1)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
  })

  it('a page opened while the browser fetches a download follows it instead of starting another', async () => {
    const { videoId, mediaKey, tab, background, page, a } = await withBackgroundFetch()
    a.holdPartsAfter(1)
    void a.manager.start(videoId).catch(() => undefined)
    await vi.waitFor(() => expect(storedParts(tab.cache, videoId)).toHaveLength(1))
    page.hide()
    const [registration] = background.fetches
    // That tab is gone (its lock let go, as a closed tab's is); a new one opens, in sight.
    await a.manager.pause(videoId).catch(() => undefined)
    await vi.waitFor(() => expect(a.manager.isActive(videoId)).toBe(false))
    await tab.db.downloads.update(videoId, { status: 'downloading' })
    const fetch = await background.manager.fetch(registration.id, registration.urls) // still running in the browser
    const b = setup({ tab, backgroundFetch: background.manager, leaving: fakePage().leaving })
    const following = b.manager.resumeInterrupted()
    await vi.waitFor(() => expect(b.manager.isActive(videoId)).toBe(true))
    await background.finish(fetch as never)
    await following
    expect((await tab.db.downloads.get(videoId))?.status).toBe('complete')
    expect(b.fetched).toEqual([])
    expect(background.fetches).toHaveLength(2) // the one handed over, and its stand-in here; none by the new page
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)
  })

  it('a pause aborts the fetch handed over, and a resume in sight downloads what is missing in the page; a delete aborts it too', async () => {
    const { videoId, mediaKey, tab, background, page, a } = await withBackgroundFetch()
    a.holdPartsAfter(1)
    const running = a.manager.start(videoId)
    await vi.waitFor(() => expect(storedParts(tab.cache, videoId)).toHaveLength(1))
    page.hide()
    page.show()
    await a.manager.pause(videoId)
    expect(await running).toEqual({})
    expect(background.fetches[0].aborted).toBe(true)
    expect((await tab.db.downloads.get(videoId))?.status).toBe('paused')
    a.openGate()
    await a.manager.start(videoId)
    expect((await tab.db.downloads.get(videoId))?.status).toBe('complete')
    expect(background.fetches).toHaveLength(1)
    expect(new Set(a.fetched).size).toBe(storedParts(tab.cache, videoId).length)
    await expectPlayableFromParts(tab.cache, videoId, mediaKey)

    const other = await withBackgroundFetch()
    other.a.holdPartsAfter(1)
    const second = other.a.manager.start(other.videoId)
    await vi.waitFor(() => expect(storedParts(other.tab.cache, other.videoId)).toHaveLength(1))
    other.page.hide()
    await other.a.manager.remove(other.videoId)
    expect(await second).toEqual({})
    expect(other.background.fetches[0].aborted).toBe(true)
    expect(await other.tab.db.downloads.get(other.videoId)).toBeUndefined()
    expect([...other.tab.cache.entries.keys()].filter((key) => key.startsWith(`/offline-media/${other.videoId}/`))).toEqual([])
  })
})
