import { describe, expect, it } from 'vitest'
import { CoveredTime } from './covered-time.ts'

describe('covered time', () => {
  it('counts only what is new and joins what overlaps or touches', () => {
    const covered = new CoveredTime([
      [0, 10],
      [20, 30],
    ])
    expect(covered.uncovered(5, 25)).toBe(10)
    expect(covered.uncovered(22, 28)).toBe(0)
    covered.add(10, 20) // touches both: one interval now
    expect(covered.uncovered(0, 30)).toBe(0)
    expect(covered.uncovered(-5, 35)).toBe(10)
    covered.add(40, 50)
    expect(covered.changes()).toEqual({ upsert: [[0, 30], [40, 50]], removed: [20] })
  })

  it('writes back nothing when nothing changed', () => {
    const covered = new CoveredTime([[0, 10]])
    covered.add(2, 8)
    expect(covered.changes()).toEqual({ upsert: [], removed: [] })
  })
})
