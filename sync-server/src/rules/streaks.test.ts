import { describe, expect, it } from 'vitest'
import { previousDay, streaks, type DayTotal } from './streaks.ts'

const day = (date: string, minutes: number, goal = 15): DayTotal => ({ day: date, watch_seconds: minutes * 60, goal_minutes: goal })

describe('streaks', () => {
  it('counts back from today when today is met', () => {
    expect(streaks([day('2026-11-20', 15), day('2026-11-21', 20), day('2026-11-22', 15)], '2026-11-22')).toEqual({ current: 3, longest: 3 })
  })

  it('does not break before today ends: an unmet today counts from yesterday', () => {
    expect(streaks([day('2026-11-20', 15), day('2026-11-21', 15), day('2026-11-22', 3)], '2026-11-22')).toEqual({ current: 2, longest: 2 })
  })

  it('breaks on a missed day and remembers the longest run', () => {
    const days = [day('2026-11-01', 30), day('2026-11-02', 30), day('2026-11-03', 30), day('2026-11-04', 5), day('2026-11-21', 15), day('2026-11-22', 15)]
    expect(streaks(days, '2026-11-22')).toEqual({ current: 2, longest: 3 })
    expect(streaks(days, '2026-11-24')).toEqual({ current: 0, longest: 3 })
  })

  it("judges each day by that day's own goal", () => {
    const days = [day('2026-11-20', 10, 5), day('2026-11-21', 10, 30), day('2026-11-22', 30, 30)]
    expect(streaks(days, '2026-11-22')).toEqual({ current: 1, longest: 1 })
  })

  it('steps over month and year ends', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28')
    expect(previousDay('2027-01-01')).toBe('2026-12-31')
    expect(streaks([day('2026-12-31', 15), day('2027-01-01', 15)], '2027-01-01').current).toBe(2)
  })
})
