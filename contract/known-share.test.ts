import { describe, expect, it } from 'vitest'
import { knownShare, shareOfSums } from './known-share.ts'
import type { WordState } from './vocabulary.ts'

describe('knownShare', () => {
  const counts: Array<[string, number]> = [
    ['tôi', 6],
    ['cảm ơn', 2],
    ['bây giờ', 1],
    ['hà nội', 1],
  ]

  it('counts known and ignored tokens as known, learning as neither known nor new', () => {
    const states = new Map<string, WordState>([
      ['tôi', 'known'],
      ['hà nội', 'ignored'],
      ['cảm ơn', 'learning'],
    ])
    expect(knownShare(counts, states)).toEqual({ total: 10, distinct: 4, known_share: 0.7, new_distinct: 1 })
  })

  it('reads a missing key and `new` alike: a new learner knows nothing', () => {
    expect(knownShare(counts, new Map([['tôi', 'new']]))).toEqual({ total: 10, distinct: 4, known_share: 0, new_distinct: 4 })
  })

  it('has no share without words', () => {
    expect(knownShare([], new Map())).toEqual({ total: 0, distinct: 0, known_share: null, new_distinct: 0 })
  })

  it('is the same arithmetic as the server makes over its sums', () => {
    expect(shareOfSums({ total: 10, known: 7, distinct: 4, new_distinct: 1 })).toEqual(knownShare(counts, new Map([['tôi', 'known'], ['hà nội', 'ignored'], ['cảm ơn', 'learning']])))
  })
})
