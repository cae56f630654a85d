import { describe, expect, it } from 'vitest'
import { downloadPercent, formatDecimal, formatMegabytes } from './format-bytes.ts'

describe('download figures', () => {
  it('formats sizes in MB and GB', () => {
    expect(formatMegabytes(5.25 * 1024 * 1024, 'en')).toBe('5.3 MB')
    expect(formatMegabytes(250 * 1024 * 1024, 'en')).toBe('250 MB')
    expect(formatMegabytes(2048 * 1024 * 1024, 'en')).toBe('2 GB')
    expect(formatMegabytes(40_000, 'en')).toBe('40 KB')
    expect(formatMegabytes(0, 'en')).toBe('0 KB')
  })

  it('writes sizes with each language’s own marks', () => {
    expect(formatMegabytes(2.4 * 1024 * 1024, 'vi')).toBe('2,4 MB')
    expect(formatMegabytes(1023.5 * 1024, 'en')).toBe('1,024 KB')
    expect(formatMegabytes(1023.5 * 1024, 'vi')).toBe('1.024 KB')
    expect(formatMegabytes(1.5 * 1024 * 1024 * 1024, 'vi')).toBe('1,5 GB')
    expect(formatMegabytes(12.4 * 1024 * 1024, 'zh-Hant-HK')).toBe('12 MB')
  })

  it('matches Intl in the app’s languages, and asks Intl in any other', () => {
    const values = [0, 0.04, 0.96, 1, 2.5, 9.94, 9.96, 12.3, 999.4, 1024, 12_345.67, 1_234_567]
    for (const locale of ['en', 'vi', 'zh-Hant-HK', 'de', 'fr']) {
      for (const value of values) {
        for (const digits of [0, 1]) expect(formatDecimal(value, digits, locale)).toBe(value.toLocaleString(locale, { maximumFractionDigits: digits }))
      }
    }
  })

  it('counts percent by files, and only a complete download is 100%', () => {
    expect(downloadPercent({ bytesDone: 0, bytesTotal: 100, filesDone: 3, filesTotal: 6, status: 'downloading' })).toBe(50)
    expect(downloadPercent({ bytesDone: 0, bytesTotal: 100, filesDone: 6, filesTotal: 6, status: 'downloading' })).toBe(99)
    expect(downloadPercent({ bytesDone: 100, bytesTotal: 100, filesDone: 6, filesTotal: 6, status: 'complete' })).toBe(100)
  })
})
