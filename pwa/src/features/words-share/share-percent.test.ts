import { describe, expect, it } from 'vitest'
import { knownPercent } from './share-percent.ts'

describe('the known share as a percent', () => {
  it('rounds down, so 87.9 % of the words known reads 87', () => {
    expect(knownPercent(0.879)).toBe(87)
    expect(knownPercent(0.5)).toBe(50)
  })

  it('says 100 only when every word is known, and 0 for none', () => {
    expect(knownPercent(1)).toBe(100)
    expect(knownPercent(999 / 1000)).toBe(99)
    expect(knownPercent(0.99999999999)).toBe(99)
    expect(knownPercent(0)).toBe(0)
    expect(knownPercent(0.004)).toBe(0)
  })

  it('is not fooled by binary fractions: 29 of 100 is 29, not 28', () => {
    for (let known = 0; known <= 100; known++) expect(knownPercent(known / 100)).toBe(known)
    expect(knownPercent(57 / 100)).toBe(57)
  })
})
