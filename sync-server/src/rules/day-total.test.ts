import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { WATCH_DAY_MAX_SECONDS } from '../../../contract/index.ts'
import { capDaySeconds, cappedDaySumSql } from './day-total.ts'

describe('a day’s total', () => {
  it('stores a first write of more than a day as a full day, and less as it is', () => {
    expect(capDaySeconds(WATCH_DAY_MAX_SECONDS + 90)).toBe(WATCH_DAY_MAX_SECONDS)
    expect(capDaySeconds(125.4)).toBe(125.4)
  })

  it('adds to a stored day in SQL up to a full day, never past it', () => {
    const db = new Database(':memory:')
    const sum = (current: number, added: number) => db.prepare(`SELECT ${cappedDaySumSql('a', 'b')} AS total FROM (SELECT ? AS a, ? AS b)`).get(current, added) as { total: number }
    expect(sum(100, 20.5).total).toBe(120.5)
    expect(sum(WATCH_DAY_MAX_SECONDS - 10, 60).total).toBe(WATCH_DAY_MAX_SECONDS)
    expect(sum(WATCH_DAY_MAX_SECONDS - 10, 10).total).toBe(WATCH_DAY_MAX_SECONDS)
    db.close()
  })
})
