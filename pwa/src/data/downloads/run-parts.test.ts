// @vitest-environment node
/**
 * The parts of a download run on their own (download-manager.test.ts runs them together against the
 * real server): progress and its writes, the playlists written once every part's files are known,
 * the page's fetch of the parts, and the parts an earlier run stored.
 */
import { describe, expect, it } from 'vitest'
import type { HandedPart } from './background-fetch.ts'
import { fetchPartsInPage, PARALLEL_PARTS, type InPageRun } from './fetch-parts.ts'
import { PROGRESS_EVERY_MS } from './follow.ts'
import type { PartFile } from './parts.ts'
import { storedEarlier } from './run-plan.ts'
import { createPlaylistWriter } from './run-playlists.ts'
import { createRunProgress } from './run-progress.ts'

const part = (index: number): HandedPart => ({
  from: index,
  count: 1,
  files: [`seg_${index}.m4s`],
  name: `part_00${index}.bin`,
  url: `http://app/media/v/k/v360p/part?from=${index}&count=1`,
  key: `/offline-media/7/v360p/part_00${index}.bin`,
})
const filesOf = (p: { files: string[] }, size = 100): PartFile[] => p.files.map((name) => ({ name, size }))
const VARIANT = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXTINF:2,', 'seg_0.m4s', '#EXTINF:2,', 'seg_1.m4s', '#EXTINF:2,', 'seg_2.m4s', '#EXT-X-ENDLIST'].join('\n')

class MemoryCache {
  entries = new Map<string, Response>()
  puts: string[] = []
  async match(key: string) {
    return this.entries.get(key)?.clone()
  }
  async put(key: string, response: Response) {
    this.puts.push(key)
    this.entries.set(key, response)
  }
}

describe('a run\'s progress', () => {
  it('counts what earlier runs stored, lists the parts missing in plan order, and writes at most once per interval', async () => {
    const parts = [part(0), part(1), part(2)]
    let clock = 1000
    const progress = createRunProgress(parts, [{ name: parts[1].name, files: filesOf(parts[1], 40) }], () => clock)
    expect([progress.bytesDone, progress.filesDone]).toEqual([40, 1])
    expect(progress.missing().map((p) => p.name)).toEqual([parts[0].name, parts[2].name])
    const writes: number[] = []
    let finishWrite!: () => void
    const write = () => {
      writes.push(progress.bytesDone)
      return new Promise<void>((resolve) => (finishWrite = resolve))
    }
    progress.startClock()
    progress.add(parts[0].name, filesOf(parts[0], 10), write)
    expect(writes).toEqual([]) // too soon
    clock += PROGRESS_EVERY_MS
    progress.add(parts[2].name, filesOf(parts[2], 20), write)
    expect(writes).toEqual([70])
    expect(progress.missing()).toEqual([])
    expect(progress.reporting()).toBeDefined()
    finishWrite()
    await progress.reporting()
    expect(progress.reporting()).toBeUndefined()
  })
})

describe('a run\'s playlists', () => {
  const place = (cache: MemoryCache) => ({ cache: cache as unknown as Cache, variantText: VARIANT, variantKey: '/v/index.m3u8', masterKey: '/offline.m3u8', masterText: '#EXTM3U master' })

  it('are written once the last part\'s files are known, and not again when the parts stored match', async () => {
    const cache = new MemoryCache()
    const parts = [part(0), part(1), part(2)]
    const writer = createPlaylistWriter(place(cache), parts, [{ name: parts[0].name, files: filesOf(parts[0]) }])
    writer.noteFiles(parts[2].name, filesOf(parts[2]))
    expect(cache.puts).toEqual([])
    writer.noteFiles(parts[1].name, filesOf(parts[1]))
    expect(cache.puts.sort()).toEqual(['/offline.m3u8', '/v/index.m3u8'])
    await writer.finish(parts.map((p) => ({ name: p.name, files: filesOf(p) })))
    expect(cache.puts).toHaveLength(2)
    const text = await (await cache.match('/v/index.m3u8'))!.text()
    expect(text).toContain('#EXT-X-BYTERANGE:100@0\npart_002.bin')
  })

  it('are written again at the end when a part came back with other sizes, or when no part was fetched', async () => {
    const cache = new MemoryCache()
    const parts = [part(0), part(1), part(2)]
    const writer = createPlaylistWriter(place(cache), parts, [])
    for (const p of parts) writer.noteFiles(p.name, filesOf(p))
    await writer.finish(parts.map((p) => ({ name: p.name, files: filesOf(p, 55) })))
    expect(cache.puts).toHaveLength(4)
    expect(await (await cache.match('/v/index.m3u8'))!.text()).toContain('#EXT-X-BYTERANGE:55@0')

    const whole = new MemoryCache()
    await createPlaylistWriter(place(whole), parts, []).finish(parts.map((p) => ({ name: p.name, files: filesOf(p) })))
    expect(whole.puts.sort()).toEqual(['/offline.m3u8', '/v/index.m3u8'])
  })
})

describe('the page\'s fetch of the parts', () => {
  function inPage(parts: HandedPart[], storePart: InPageRun['storePart']) {
    const progress = createRunProgress(parts, [], () => 0)
    const noted: string[] = []
    const run: InPageRun = { cache: new MemoryCache() as unknown as Cache, signal: new AbortController().signal, handOver: undefined, ahead: undefined, progress, noteFiles: (name) => noted.push(name), storePart, writeProgress: async () => undefined }
    return { run, progress, noted }
  }

  it('stores every missing part, at most PARALLEL_PARTS at once, and notes each one\'s files', async () => {
    const parts = Array.from({ length: PARALLEL_PARTS + 3 }, (_, index) => part(index))
    let inFlight = 0
    let most = 0
    const { run, progress, noted } = inPage(parts, async (_cache, planned, _url, _key, _signal, onFiles) => {
      most = Math.max(most, ++inFlight)
      await Promise.resolve()
      onFiles(filesOf(planned))
      inFlight--
      return filesOf(planned)
    })
    expect(await fetchPartsInPage(run, false)).toEqual({})
    expect(most).toBe(PARALLEL_PARTS)
    expect(progress.missing()).toEqual([])
    expect(progress.bytesDone).toBe(100 * parts.length)
    expect(noted.sort()).toEqual(parts.map((p) => p.name).sort())
  })

  it('starts no new part once one failed, lets those in flight finish, and throws that failure', async () => {
    const parts = Array.from({ length: PARALLEL_PARTS * 2 }, (_, index) => part(index))
    const started: number[] = []
    const { run, progress } = inPage(parts, async (_cache, planned) => {
      started.push(planned.from)
      if (planned.from === 0) throw new Error('cut off')
      await Promise.resolve()
      return filesOf(planned)
    })
    await expect(fetchPartsInPage(run, false)).rejects.toThrow('cut off')
    expect(started).toHaveLength(PARALLEL_PARTS)
    expect(progress.stored).toHaveLength(PARALLEL_PARTS - 1)
    expect(progress.missing()[0].from).toBe(0) // a resume starts from the first part not stored
  })
})

describe('the parts an earlier run stored', () => {
  it('are those whose stored header lists the planned files', async () => {
    const cache = new MemoryCache()
    const parts = [part(0), part(1), part(2)]
    cache.entries.set(parts[0].key, new Response('x', { headers: { 'X-Part-Files': 'seg_0.m4s=1' } }))
    cache.entries.set(parts[2].key, new Response('x', { headers: { 'X-Part-Files': 'seg_9.m4s=1' } })) // another rendition's
    expect(await storedEarlier(cache as unknown as Cache, parts)).toEqual([{ name: parts[0].name, files: [{ name: 'seg_0.m4s', size: 1 }] }])
  })
})
