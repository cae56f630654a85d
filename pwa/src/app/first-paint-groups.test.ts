import { describe, expect, it } from 'vitest'
import { firstPaintPageOf, pageGroupOf } from './first-paint-groups.ts'

describe('the page a signed-in start opens', () => {
  it('is read from the path with its language and video, trailing slash or not', () => {
    expect(firstPaintPageOf('/languages')).toEqual({ group: 'languages' })
    expect(firstPaintPageOf('/languages/vi/videos/')).toEqual({ group: 'videos', code: 'vi' })
    expect(firstPaintPageOf('/languages/zh-Hant-HK/videos/42')).toEqual({ group: 'video', code: 'zh-Hant-HK', videoId: 42 })
  })

  it('is none for the other pages and for a code that is not a code', () => {
    for (const path of ['/', '/downloads', '/languages/vi/progress', '/languages/vi/videos/abc', '/languages/%E0%A4/videos']) expect(pageGroupOf(path), path).toBeNull()
  })
})
