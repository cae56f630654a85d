import { describe, expect, it } from 'vitest'
import { parsePlainId, uuidv7 } from './ids.ts'
import { uuidSchema } from './schemas/common.ts'

describe('uuidv7', () => {
  it('is a valid version 7 UUID that sorts by time', () => {
    const first = uuidv7(1_700_000_000_000)
    const second = uuidv7(1_700_000_000_001)
    expect(uuidSchema.safeParse(first).success).toBe(true)
    expect(first[14]).toBe('7')
    expect(first < second).toBe(true)
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000)
  })
})

describe('parsePlainId', () => {
  it('takes plain decimal ids only: no hex, exponent, sign, space, fraction or leading zero', () => {
    expect(parsePlainId('7')).toBe(7)
    expect(parsePlainId('1234567890')).toBe(1234567890)
    for (const text of ['0x7', '1e1', '+7', ' 7', '7 ', '07', '0', '-7', '7.0', '', '99999999999999999', 'abc', 7, undefined]) {
      expect(parsePlainId(text), JSON.stringify(text)).toBeNull()
    }
  })
})
