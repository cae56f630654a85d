import { describe, expect, it } from 'vitest'
import { nextLevel } from './next-level.ts'

const days = (minutes: number, count = 30) => Array.from({ length: count }, () => ({ watch_seconds: minutes * 60 }))

describe('time to the next level', () => {
  it('is the hours still needed over the last 30 days’ daily pace', () => {
    // 40 h in: level 1, 10 h to level 2; an hour a day → 10 days.
    expect(nextLevel(undefined, 40 * 3600, days(60))).toEqual({ level: 2, hours_needed: 10, days_at_current_pace: 10 })
  })

  it('counts only the last 30 days, and gives no date without a pace', () => {
    expect(nextLevel(undefined, 40 * 3600, [...days(600, 300), ...days(0)])?.days_at_current_pace).toBeNull()
  })

  it('takes the server’s answer when it gave one, and says nothing past the top', () => {
    const server = { level: 3, hours_needed: 12.5, days_at_current_pace: 25 }
    expect(nextLevel(server, 0, [])).toBe(server)
    expect(nextLevel(undefined, 2000 * 3600, days(60))).toBeNull()
  })
})
