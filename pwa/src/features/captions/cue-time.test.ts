import { describe, expect, it } from 'vitest'
import { formatCueTime, startFromQuery } from './cue-time.ts'

describe('cue times', () => {
  it('reads as minutes and seconds, with hours past the hour', () => {
    expect(formatCueTime(0)).toBe('0:00')
    expect(formatCueTime(84.6)).toBe('1:24')
    expect(formatCueTime(3725)).toBe('1:02:05')
  })

  it('takes a start from a link only when it is a time', () => {
    expect(startFromQuery('84')).toBe(84)
    expect(startFromQuery('12.5')).toBe(12.5)
    expect(startFromQuery(null)).toBe(0)
    expect(startFromQuery('abc')).toBe(0)
    expect(startFromQuery('-3')).toBe(0)
  })
})
