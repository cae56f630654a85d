import { describe, expect, it } from 'vitest'
import { choosePoster } from './use-poster.ts'

describe('the poster a video page shows', () => {
  it('is the stored poster for a finished download', () => {
    expect(choosePoster('/media/k/poster.jpg', true, '/offline-media/3/poster.jpg')).toBe('/offline-media/3/poster.jpg')
  })

  it('waits while the stored one is looked up, and falls back to the thumbnail when the download has none', () => {
    expect(choosePoster('/media/k/poster.jpg', true, undefined)).toBeUndefined()
    expect(choosePoster('/media/k/poster.jpg', true, null)).toBe('/media/k/poster.jpg')
    expect(choosePoster(null, true, null)).toBeUndefined()
  })

  it('is the thumbnail for a video not downloaded', () => {
    expect(choosePoster('/media/k/poster.jpg', false, undefined)).toBe('/media/k/poster.jpg')
    expect(choosePoster(null, false, undefined)).toBeUndefined()
  })
})
