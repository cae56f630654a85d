// @vitest-environment node
/**
 * The transcript search over downloaded videos, with Cache Storage stood in for by a small in-memory
 * Cache (Node has none; caption-files.test.ts does the same) and the real WebVTT parser. e2e covers the
 * real cache in Chromium (captions.spec.ts).
 */
import { describe, expect, it, vi } from 'vitest'
import { createOfflineTranscriptSearch } from './offline-transcripts.ts'
import { offlineCaptionUrl } from './offline-urls.ts'

class MemoryCache {
  entries = new Map<string, string>()
  reads: string[] = []
  async match(key: string) {
    this.reads.push(key)
    const text = this.entries.get(key)
    return text === undefined ? undefined : new Response(text, { headers: { 'Content-Type': 'text/vtt; charset=utf-8' } })
  }
}

const vtt = (...cues: Array<[number, string]>) =>
  `WEBVTT\n\n${cues.map(([start, text]) => `00:${String(start).padStart(2, '0')}.000 --> 00:${String(start + 2).padStart(2, '0')}.000\n${text}`).join('\n\n')}\n`

function setUp() {
  const cache = new MemoryCache()
  const search = createOfflineTranscriptSearch(async () => cache as unknown as Cache)
  return { cache, search }
}

describe('searching the transcripts of downloaded videos', () => {
  it('finds words typed without accents or capitals, and answers the earliest line that holds them with its time', async () => {
    const { cache, search } = setUp()
    // Composed as stored by the server, and one decomposed (a file from elsewhere): both are found.
    cache.entries.set(offlineCaptionUrl(1, 'vi'), vtt([0, 'Xin chào các bạn.'], [3, 'Hôm nay tôi <b>đi chợ</b> với mẹ.'], [9, 'Mai tôi đi chợ một mình.']))
    cache.entries.set(offlineCaptionUrl(2, 'vi'), vtt([5, 'Mẹ đi chợ nổi.'.normalize('NFD')]))
    cache.entries.set(offlineCaptionUrl(3, 'vi'), vtt([1, 'Phở bò.']))
    const found = await search.firstMatches([{ videoId: 1 }, { videoId: 2 }, { videoId: 3 }], '  DI CHO ')
    // The line as the server keeps it: tags removed, composed.
    expect(found).toEqual(
      new Map([
        [1, { start: 3, text: 'Hôm nay tôi đi chợ với mẹ.' }],
        [2, { start: 5, text: 'Mẹ đi chợ nổi.' }],
      ]),
    )
  })

  it('searches the Vietnamese track first and the English one only when the Vietnamese has no such line', async () => {
    const { cache, search } = setUp()
    cache.entries.set(offlineCaptionUrl(1, 'vi'), vtt([3, 'Hôm nay tôi đi chợ với mẹ.']))
    cache.entries.set(offlineCaptionUrl(1, 'en'), vtt([0, 'Today I go to the market with me.'], [3, 'Hello mẹ']))
    cache.entries.set(offlineCaptionUrl(2, 'en'), vtt([6, 'The market.']))
    expect(await search.firstMatches([{ videoId: 1 }], 'me')).toEqual(new Map([[1, { start: 3, text: 'Hôm nay tôi đi chợ với mẹ.' }]]))
    expect(await search.firstMatches([{ videoId: 1 }, { videoId: 2 }], 'market')).toEqual(
      new Map([
        [1, { start: 0, text: 'Today I go to the market with me.' }],
        [2, { start: 6, text: 'The market.' }],
      ]),
    )
  })

  it('reads each track once per download: later searches compare the lines already read; a new download is read again', async () => {
    const { cache, search } = setUp()
    cache.entries.set(offlineCaptionUrl(1, 'vi'), vtt([3, 'Hôm nay tôi đi chợ với mẹ.']))
    await search.firstMatches([{ videoId: 1, completedAt: 100 }], 'cho')
    await search.firstMatches([{ videoId: 1, completedAt: 100 }], 'me')
    // Each language is looked for in the server's order (yue, vi, en): Cantonese's absence is read once too.
    const firstRead = [offlineCaptionUrl(1, 'yue'), offlineCaptionUrl(1, 'vi')]
    expect(cache.reads).toEqual(firstRead)

    cache.entries.set(offlineCaptionUrl(1, 'vi'), vtt([7, 'Bún chả Hà Nội.']))
    expect(await search.firstMatches([{ videoId: 1, completedAt: 200 }], 'bun cha')).toEqual(new Map([[1, { start: 7, text: 'Bún chả Hà Nội.' }]]))
    expect(cache.reads).toEqual([...firstRead, ...firstRead])
  })

  it('answers nothing for an empty search, a video without captions, or a track it cannot read, and goes on with the others', async () => {
    const { cache, search } = setUp()
    cache.entries.set(offlineCaptionUrl(2, 'vi'), vtt([4, 'Chúng tôi về nhà.']))
    cache.entries.set(offlineCaptionUrl(3, 'vi'), 'not WebVTT at all')
    expect(await search.firstMatches([{ videoId: 2 }], '   ')).toEqual(new Map())
    expect(cache.reads).toEqual([])
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const broken = vi.spyOn(cache, 'match').mockImplementation(async (key: string) => {
      if (key === offlineCaptionUrl(4, 'vi')) throw new Error('disk error')
      return MemoryCache.prototype.match.call(cache, key)
    })
    expect(await search.firstMatches([{ videoId: 1 }, { videoId: 2 }, { videoId: 3 }, { videoId: 4 }], 've nha')).toEqual(new Map([[2, { start: 4, text: 'Chúng tôi về nhà.' }]]))
    expect(warned).toHaveBeenCalledOnce()
    broken.mockRestore()
    warned.mockRestore()
  })
})
