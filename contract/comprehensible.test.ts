import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { comprehensibleOrder, rankComprehensible } from './comprehensible.ts'

describe('"best for you now" (sort=comprehensible)', () => {
  it('puts 0.85..0.98 first, closest to 0.95 first, then the rest highest first, and no share last', () => {
    const videos = [
      { id: 'no transcript', share: null },
      { id: 'all known', share: 1 },
      { id: 'hard', share: 0.4 },
      { id: 'edge low', share: 0.85 },
      { id: 'just right', share: 0.95 },
      { id: 'easy', share: 0.97 },
      { id: 'too easy', share: 0.99 },
      { id: 'harder', share: 0.6 },
    ]
    expect(rankComprehensible(videos, (video) => video.share).map((video) => video.id)).toEqual(['just right', 'easy', 'edge low', 'all known', 'too easy', 'harder', 'hard', 'no transcript'])
  })

  it('keeps equal shares in the order given (newest first on the list)', () => {
    const videos = [
      { id: 1, share: 0.5 },
      { id: 2, share: 0.5 },
      { id: 3, share: null },
      { id: 4, share: null },
      { id: 5, share: 0.5 },
    ]
    expect(rankComprehensible(videos, (video) => video.share).map((video) => video.id)).toEqual([1, 2, 5, 3, 4])
  })

  it('is a consistent order: antisymmetric, and ranking twice changes nothing', () => {
    const share = fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null })
    fc.assert(
      fc.property(share, share, (a, b) => Math.sign(comprehensibleOrder(a, b)) === -Math.sign(comprehensibleOrder(b, a)) || comprehensibleOrder(a, b) === 0),
    )
    fc.assert(
      fc.property(fc.array(share), (shares) => {
        const once = rankComprehensible(shares, (value) => value)
        expect(rankComprehensible(once, (value) => value)).toEqual(once)
      }),
    )
  })
})
