import { describe, expect, it } from 'vitest'
import { db } from '../db.ts'
import { backgroundFetchId, type HandedDownload } from './background-fetch.ts'
import { DATABASE_NAME, finishBackgroundDownload, withDownloadsTable } from './background-finish.ts'

class MemoryCache {
  entries = new Map<string, Response>()
  async match(key: string) {
    return this.entries.get(key)?.clone()
  }
  async put(key: string, response: Response) {
    const body = await response.arrayBuffer()
    this.entries.set(key, new Response(body, { headers: response.headers }))
  }
}

const part = (from: number, files: string[]) => ({ from, count: files.length, files, name: `part_${from}.bin`, url: `http://app/media/g/x/v360p/part?from=${from}`, key: `/offline-media/7/v360p/part_${from}.bin` })
const handed: HandedDownload = {
  parts: [part(0, ['init.mp4', 'seg_000.m4s']), part(2, ['seg_001.m4s'])],
  variantText: '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6,\nseg_000.m4s\n#EXTINF:6,\nseg_001.m4s\n#EXT-X-ENDLIST\n',
  variantKey: '/offline-media/7/v360p/index.m3u8',
  masterKey: '/offline-media/7/offline.m3u8',
  masterText: '#EXTM3U\n',
}
const answer = (header: string, bytes: number) => new Response(new Uint8Array(bytes), { headers: { 'X-Part-Files': header, 'Content-Length': String(bytes) } })
const fetched = (records: Array<{ url: string; response: Promise<Response> }>) => ({
  registration: { id: backgroundFetchId(7), matchAll: async () => records.map(({ url, response }) => ({ request: new Request(url), responseReady: response })) },
  waitUntil: () => undefined,
})

async function downloading() {
  await db.downloads.clear()
  await db.downloads.put({ videoId: 7, title: 'Huế', languageCode: 'vi', accessLevel: 'free', durationSeconds: 12, height: 360, status: 'downloading', bytesDone: 0, bytesTotal: 30, filesDone: 0, filesTotal: 3, createdAt: 1, handed })
}

describe('downloads the browser fetched with the app closed', () => {
  it('the worker opens the same database the app writes downloads into', () => {
    expect(DATABASE_NAME).toBe(db.name)
  })

  it('are stored and marked downloaded by the worker alone, ready to play offline', async () => {
    await downloading()
    const cache = new MemoryCache()
    const event = fetched([
      { url: handed.parts[0].url, response: Promise.resolve(answer('init.mp4=4,seg_000.m4s=10', 14)) },
      { url: handed.parts[1].url, response: Promise.resolve(answer('seg_001.m4s=12', 12)) },
    ])
    await withDownloadsTable(DATABASE_NAME, (table) => finishBackgroundDownload(event, 'success', { table, openCache: async () => cache as unknown as Cache, now: () => 99 }))
    const record = await db.downloads.get(7)
    expect(record).toMatchObject({ status: 'complete', bytesDone: 26, filesDone: 3, completedAt: 99 })
    expect(record?.handed).toBeUndefined()
    expect(await (await cache.match(handed.variantKey))!.text()).toContain('#EXT-X-BYTERANGE:12@0\npart_2.bin')
  })

  it('are stored although a tab opened meanwhile wrote the parts under a newer grant than the browser fetched', async () => {
    await downloading()
    // The browser fetches what the first tab handed over; a tab opened later signs the same parts anew.
    const underGrant = (url: string, grant: string) => `${url}&grant=${grant}`
    const resigned = { ...handed, parts: handed.parts.map((planned) => ({ ...planned, url: underGrant(planned.url, '1.new') })) }
    await db.downloads.update(7, { handed: resigned })
    const cache = new MemoryCache()
    const event = fetched([
      { url: underGrant(handed.parts[0].url, '1.old'), response: Promise.resolve(answer('init.mp4=4,seg_000.m4s=10', 14)) },
      { url: underGrant(handed.parts[1].url, '1.old'), response: Promise.resolve(answer('seg_001.m4s=12', 12)) },
    ])
    await withDownloadsTable(DATABASE_NAME, (table) => finishBackgroundDownload(event, 'success', { table, openCache: async () => cache as unknown as Cache }))
    expect(await db.downloads.get(7)).toMatchObject({ status: 'complete', bytesDone: 26, filesDone: 3 })
  })

  it('cut off midway, keep the parts that arrived whole and wait for the network', async () => {
    await downloading()
    const cache = new MemoryCache()
    const gone = Promise.reject(new TypeError('network gone'))
    gone.catch(() => undefined) // read by the worker later
    const event = fetched([
      { url: handed.parts[0].url, response: Promise.resolve(answer('init.mp4=4,seg_000.m4s=10', 14)) },
      { url: handed.parts[1].url, response: gone },
    ])
    await withDownloadsTable(DATABASE_NAME, (table) => finishBackgroundDownload(event, 'failure', { table, openCache: async () => cache as unknown as Cache }))
    expect(await db.downloads.get(7)).toMatchObject({ status: 'waiting_for_network', bytesDone: 14, filesDone: 2 })
    expect([...cache.entries.keys()]).toEqual([handed.parts[0].key])
  })
})
