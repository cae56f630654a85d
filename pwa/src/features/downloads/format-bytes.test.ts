import { describe, expect, it } from 'vitest'
import { downloadPercent, formatMegabytes } from './format-bytes.ts'

describe('download figures', () => {
  it('formats sizes in MB and GB', () => {
    expect(formatMegabytes(5.25 * 1024 * 1024, 'en')).toBe('5.3 MB')
    expect(formatMegabytes(250 * 1024 * 1024, 'en')).toBe('250 MB')
    expect(formatMegabytes(2048 * 1024 * 1024, 'en')).toBe('2 GB')
    expect(formatMegabytes(40_000, 'en')).toBe('40 KB')
    expect(formatMegabytes(0, 'en')).toBe('0 KB')
  })

  it('counts percent by files, and only a complete download is 100%', () => {
    expect(downloadPercent({ bytesDone: 0, bytesTotal: 100, filesDone: 3, filesTotal: 6, status: 'downloading' })).toBe(50)
    expect(downloadPercent({ bytesDone: 0, bytesTotal: 100, filesDone: 6, filesTotal: 6, status: 'downloading' })).toBe(99)
    expect(downloadPercent({ bytesDone: 100, bytesTotal: 100, filesDone: 6, filesTotal: 6, status: 'complete' })).toBe(100)
  })
})
