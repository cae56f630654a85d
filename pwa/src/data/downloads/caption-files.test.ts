// @vitest-environment node
/** The caption step of a download, with the network and Cache Storage stood in for. */
import { describe, expect, it } from 'vitest'
import { storeCaptionTracks } from './caption-files.ts'

function memoryCache() {
  const entries = new Map<string, Response>()
  return {
    entries,
    async put(key: string, response: Response) {
      entries.set(key, new Response(await response.text(), { headers: response.headers }))
    },
  }
}

const video = {
  id: 7,
  playback: {
    hls_url: '/media/g/x/master.m3u8',
    audio_hls_url: null,
    preview_seconds: null,
    expires_at: '2030-01-01T00:00:00Z',
    captions: [
      { language: 'vi' as const, label: 'Tiếng Việt', url: '/api/v1/videos/7/captions/vi.vtt?grant=abc' },
      { language: 'en' as const, label: 'English', url: '/api/v1/videos/7/captions/en.vtt?grant=abc' },
    ],
  },
}

describe('storing a download’s captions', () => {
  it('stores every track where the offline player looks for it, as text/vtt, and answers the keys', async () => {
    const cache = memoryCache()
    const asked: string[] = []
    const keys = await storeCaptionTracks(
      cache as unknown as Cache,
      video,
      (async (input: string) => {
        asked.push(String(input))
        return new Response(`WEBVTT\n\n00:01.000 --> 00:02.000\n${String(input).includes('/vi.') ? 'Đi chợ' : 'Market'}`, { headers: { 'Content-Type': 'text/plain' } })
      }) as typeof fetch,
      'http://app.test/',
      new AbortController().signal,
    )
    expect(asked).toEqual(['http://app.test/api/v1/videos/7/captions/vi.vtt?grant=abc', 'http://app.test/api/v1/videos/7/captions/en.vtt?grant=abc'])
    expect(keys).toEqual(['/offline-media/7/captions/vi.vtt', '/offline-media/7/captions/en.vtt'])
    const vi = cache.entries.get('/offline-media/7/captions/vi.vtt')!
    expect(vi.headers.get('Content-Type')).toBe('text/vtt; charset=utf-8')
    expect(await vi.text()).toContain('Đi chợ')
  })

  it('skips a track the server no longer has, and fails on any other refusal so the download tries again', async () => {
    const cache = memoryCache()
    const keys = await storeCaptionTracks(
      cache as unknown as Cache,
      video,
      (async (input: string) => (String(input).includes('/en.') ? new Response('', { status: 404 }) : new Response('WEBVTT\n'))) as typeof fetch,
      'http://app.test/',
      new AbortController().signal,
    )
    expect(keys).toEqual(['/offline-media/7/captions/vi.vtt'])
    await expect(
      storeCaptionTracks(cache as unknown as Cache, video, (async () => new Response('', { status: 503 })) as typeof fetch, 'http://app.test/', new AbortController().signal),
    ).rejects.toThrow(/503/)
  })

  it('stores nothing for a video without captions', async () => {
    const cache = memoryCache()
    expect(await storeCaptionTracks(cache as unknown as Cache, { id: 1, playback: null }, fetch, 'http://app.test/', new AbortController().signal)).toEqual([])
    expect(cache.entries.size).toBe(0)
  })
})
