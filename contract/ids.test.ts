import { describe, expect, it } from 'vitest'
import { uuidv7 } from './ids.ts'
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
