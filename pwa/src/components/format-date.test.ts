import { describe, expect, it } from 'vitest'
import { formatDay, formatDayAndTime } from './format-date.ts'

describe('dates a person reads', () => {
  const second = new Date(2026, 11, 2, 14, 5)

  it('names the month, day first in English', () => {
    expect(formatDay(second, 'en')).toBe('2 Dec 2026')
    expect(formatDayAndTime(second, 'en')).toMatch(/^2 Dec 2026, (14:05|2:05\s?pm)$/i)
  })

  it('marks the month in Vietnamese', () => {
    expect(formatDay(second, 'vi')).toBe('2 thg 12, 2026')
  })

  it('never reads as a numeric day/month pair', () => {
    for (const language of ['en', 'vi', 'zh-Hant-HK']) expect(formatDay(second, language)).not.toMatch(/\d+\/\d+\/\d+/)
  })
})
