import { describe, expect, it } from 'vitest'
import { watchedShare } from './watched-share.ts'

describe('the share watched', () => {
  it('counts a replayed stretch once, as the server does', () => {
    expect(watchedShare([{ from: 0, to: 30 }, { from: 10, to: 30 }, { from: 0, to: 20 }], 100)).toBeCloseTo(0.3)
  })

  it('adds stretches apart, and a seek to the end is not watching', () => {
    expect(watchedShare([{ from: 0, to: 20 }, { from: 50, to: 80 }], 100)).toBeCloseTo(0.5)
    expect(watchedShare([{ from: 95, to: 100 }], 100)).toBeCloseTo(0.05)
  })

  it('is at most the whole video, and nothing for an unknown length', () => {
    expect(watchedShare([{ from: 0, to: 200 }], 100)).toBe(1)
    expect(watchedShare([{ from: 0, to: 20 }], 0)).toBe(0)
  })
})
