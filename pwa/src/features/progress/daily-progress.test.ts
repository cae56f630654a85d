import { describe, expect, it } from 'vitest'
import { goalPercent } from './daily-progress.ts'

describe('daily goal percent', () => {
  it('is whole, and never past 100', () => {
    expect(goalPercent({ daily_goal_minutes: 15, today_watch_seconds: 0 })).toBe(0)
    expect(goalPercent({ daily_goal_minutes: 15, today_watch_seconds: 450 })).toBe(50)
    expect(goalPercent({ daily_goal_minutes: 15, today_watch_seconds: 5_000 })).toBe(100)
    expect(goalPercent({ daily_goal_minutes: 0, today_watch_seconds: 10 })).toBe(0)
  })
})
