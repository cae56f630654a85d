import { describe, expect, it } from 'vitest'
import { isThumbnail } from './thumbnails.ts'
import { thumbnailCacheKey } from '../data/downloads/thumbnail-cache.ts'

const origin = 'http://app.test'
const key = '0123456789abcdef0123456789abcdef'
const at = (path: string) => new URL(path, origin)

describe('which requests the thumbnails cache takes', () => {
  it('takes posters and thumbnails, with or without a query', () => {
    expect(isThumbnail(at(`/media/${key}/poster.jpg`), origin)).toBe(true)
    expect(isThumbnail(at(`/media/${key}/thumb_2.webp`), origin)).toBe(true)
    expect(isThumbnail(at(`/media/${key}/poster.jpg?g=abc&exp=123`), origin)).toBe(true)
  })

  it('never takes HLS files or parts, which are streamed or downloaded', () => {
    for (const path of [
      '/media/g/1.abc.999.0.sig/master.m3u8',
      '/media/g/1.abc.999.0.sig/poster.jpg',
      '/media/g/1.abc.999.0.sig/v360p/index.m3u8',
      '/media/g/1.abc.999.0.sig/v360p/seg_00001.m4s',
      '/media/g/1.abc.999.0.sig/v360p/part?from=0&count=4',
      `/media/v/${key}/master.m3u8?grant=1.abc.999.0.sig`,
      `/media/v/${key}/poster.jpg?grant=1.abc.999.0.sig`,
      `/media/v/${key}/v360p/seg_00001.m4s?grant=1.abc.999.0.sig`,
      `/media/v/${key}/v360p/part?from=0&count=4&grant=1.abc.999.0.sig`,
      `/media/${key}/master.m3u8`,
      `/media/${key}/v360p/init.mp4`,
      `/offline-media/3/poster.jpg`,
    ]) {
      expect(isThumbnail(at(path), origin), path).toBe(false)
    }
  })

  it('takes nothing from another origin', () => {
    expect(isThumbnail(new URL(`http://elsewhere.test/media/${key}/poster.jpg`), origin)).toBe(false)
  })

  it('keys a picture without its query, so an expiring or per-user query does not store it twice', () => {
    expect(thumbnailCacheKey(`${origin}/media/${key}/poster.jpg?g=one`)).toBe(`${origin}/media/${key}/poster.jpg`)
    expect(thumbnailCacheKey(`${origin}/media/${key}/poster.jpg?g=two#x`)).toBe(`${origin}/media/${key}/poster.jpg`)
  })
})
