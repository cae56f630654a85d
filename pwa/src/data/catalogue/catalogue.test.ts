import { describe, expect, it } from 'vitest'
import type { CachedVideo } from './catalogue.ts'
import { withAnswered } from './catalogue.ts'

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
