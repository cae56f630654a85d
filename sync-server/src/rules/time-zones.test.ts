import { describe, expect, it } from 'vitest'
import { isValidTimeZone, localDay, localToday } from './time-zones.ts'

describe('local days', () => {
  it('turns an instant into the day in a zone, half-hour zones included', () => {
    const instant = Date.parse('2026-11-21T18:45:00Z')
    expect(localDay(instant, 'UTC')).toBe('2026-11-21')
    expect(localDay(instant, 'Asia/Ho_Chi_Minh')).toBe('2026-11-22') // 01:45
    expect(localDay(instant, 'Asia/Kolkata')).toBe('2026-11-22') // 00:15
    expect(localDay(instant, 'America/St_Johns')).toBe('2026-11-21')
  })

  it('answers today from its per-minute cache exactly as from the formatter, across midnight', () => {
    const midnightInHanoi = Date.parse('2026-11-21T17:00:00Z')
    for (const offset of [-60_001, -1, 0, 1, 59_999, 60_000]) {
      expect(localToday(midnightInHanoi + offset, 'Asia/Ho_Chi_Minh')).toBe(localDay(midnightInHanoi + offset, 'Asia/Ho_Chi_Minh'))
    }
  })

  it('knows a real zone from a made-up one', () => {
    expect(isValidTimeZone('Asia/Ho_Chi_Minh')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })
})
