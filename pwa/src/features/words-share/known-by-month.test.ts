import { describe, expect, it } from 'vitest'
import { knownByMonth } from './known-by-month.ts'

const at = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12).getTime()

describe('words known by month', () => {
  it('counts each known word in the month it became known, with the empty months between, up to now', () => {
    const states = [
      { state: 'known' as const, occurredAt: at(2026, 10, 3) },
      { state: 'known' as const, occurredAt: at(2026, 10, 30) },
      { state: 'learning' as const, occurredAt: at(2026, 11, 2) },
      { state: 'ignored' as const, occurredAt: at(2026, 11, 2) },
      { state: 'known' as const, occurredAt: at(2026, 12, 1) },
    ]
    expect(knownByMonth(states, at(2027, 1, 5))).toEqual([
      { month: '2026-10', count: 2 },
      { month: '2026-11', count: 0 },
      { month: '2026-12', count: 1 },
      { month: '2027-01', count: 0 },
    ])
  })

  it('is empty before any word is known', () => {
    expect(knownByMonth([{ state: 'learning', occurredAt: at(2026, 12, 1) }], at(2026, 12, 2))).toEqual([])
  })
})
