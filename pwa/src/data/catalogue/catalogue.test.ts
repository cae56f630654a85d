import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CachedVideo } from './catalogue.ts'
import { fetchFirstPageAhead, fetchVideoPage, firstPageAhead, NO_FILTERS, withAnswered } from './catalogue.ts'
import { db } from '../db.ts'
import { markListPainted } from '../runtime/list-painted.ts'

const video = (id: number, title: string) => ({ id, title, cachedAt: 1 }) as unknown as CachedVideo

describe('withAnswered', () => {
  it("shows the network's page before the device's copy has answered, and the copy alone when nothing was answered", () => {
    const page = [video(1, 'new')]
    expect(withAnswered(undefined, page)).toBe(page)
    const cached = [video(2, 'kept')]
    expect(withAnswered(cached, undefined)).toBe(cached)
    expect(withAnswered(undefined, undefined)).toBeUndefined()
  })

  it('adds the answered videos to the copy, the answered version winning, each video once', () => {
    const merged = withAnswered([video(1, 'old title'), video(2, 'kept')], [video(1, 'new title'), video(3, 'added')])!
    expect(merged.map((item) => [item.id, item.title])).toEqual([
      [1, 'new title'],
      [2, 'kept'],
      [3, 'added'],
    ])
  })
})

describe('the device’s copy of the pages answered', () => {
  afterEach(async () => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    await db.videos.clear()
  })

  const answer = (titles: string[]) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: titles.map((title, index) => ({ id: index + 1, language_code: 'vi', title })), next_cursor: null }), { status: 200, headers: { 'content-type': 'application/json' } })),
    )

  it('writes only what it does not already hold as it is, so the lists reading it are not read again for nothing', async () => {
    const writes = vi.spyOn(db.videos, 'bulkPut')
    answer(['Đi chợ', 'Phở'])
    await (await fetchVideoPage('vi', NO_FILTERS, null)).stored
    expect(writes).toHaveBeenCalledTimes(1)
    expect((await db.videos.toArray()).map((video) => video.title)).toEqual(['Đi chợ', 'Phở'])

    // The same page again (another search, a filter cleared): nothing to write.
    await (await fetchVideoPage('vi', NO_FILTERS, null)).stored
    expect(writes).toHaveBeenCalledTimes(1)

    // One video renamed: that one is written.
    answer(['Đi chợ', 'Phở Hà Nội'])
    await (await fetchVideoPage('vi', NO_FILTERS, null)).stored
    expect(writes).toHaveBeenCalledTimes(2)
    expect(writes.mock.calls[1]![0].map((video) => video.title)).toEqual(['Phở Hà Nội'])
    expect((await db.videos.toArray()).map((video) => video.title)).toEqual(['Đi chợ', 'Phở Hà Nội'])
  })
})

describe('the listed videos’ word counts at the start', () => {
  afterEach(async () => {
    vi.unstubAllGlobals()
    await Promise.all([db.videos.clear(), db.videoWords.clear()])
  })

  it('are asked for once the first cards have painted, not while the page is still rendering them', async () => {
    const asked: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input)
        asked.push(new URL(url, 'http://localhost').pathname)
        const body = url.includes('/words')
          ? { data: { counts: [['phở', 3]] } }
          : { data: [1, 2].map((id) => ({ id, language_code: 'vi', title: `Video ${id}`, words: { total: 3, known_share: 0, distinct: 1, new_distinct: 1 } })), next_cursor: null }
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )
    await fetchFirstPageAhead('vi')
    await firstPageAhead('vi')!.stored
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked.filter((path) => path.endsWith('/words'))).toEqual([])

    markListPainted()
    await vi.waitFor(async () => expect((await db.videoWords.toArray()).map((record) => record.videoId).sort()).toEqual([1, 2]))
    expect(asked.filter((path) => path.endsWith('/words')).sort()).toEqual(['/api/v1/videos/1/words', '/api/v1/videos/2/words'])
  })
})
