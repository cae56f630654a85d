/**
 * The rate-limit counters every API process shares (0013), on both engines: a fixed window counted by
 * one upsert, a new window once it has ended, and on PostgreSQL hits from separate pools (as separate
 * processes would send them) counted once each.
 */
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { openEngine } from '../db/engine.ts'
import { createRateLimitsRepository } from './rate-limits.repository.ts'

describeOnEachEngine((engine, database) => {
  it('counts hits in a window, starts a new window once it has ended, and prunes ended windows', async () => {
    const counters = createRateLimitsRepository(database().db)
    expect(await counters.increment('verify:1.2.3.4', 1_000, 600_000)).toEqual({ hits: 1, resetAt: 601_000 })
    expect(await counters.increment('verify:1.2.3.4', 2_000, 600_000)).toEqual({ hits: 2, resetAt: 601_000 })
    expect(await counters.increment('waitlist:1.2.3.4', 2_000, 3_600_000)).toEqual({ hits: 1, resetAt: 3_602_000 })
    await counters.decrement('verify:1.2.3.4', 3_000)
    expect(await counters.get('verify:1.2.3.4', 3_000)).toEqual({ hits: 1, resetAt: 601_000 })
    // The window has ended: the next hit starts a new one, counted from 1.
    expect(await counters.increment('verify:1.2.3.4', 601_000, 600_000)).toEqual({ hits: 1, resetAt: 1_201_000 })
    expect(await counters.pruneEnded(1_201_000)).toBe(1)
    expect(await counters.get('verify:1.2.3.4', 0)).toBeUndefined()
    expect(await counters.get('waitlist:1.2.3.4', 0)).toEqual({ hits: 1, resetAt: 3_602_000 })
    await counters.reset('waitlist:1.2.3.4')
    expect(await counters.get('waitlist:1.2.3.4', 0)).toBeUndefined()
  })

  it.runIf(engine === 'postgres')('hits sent at once over separate pools are each counted once', async () => {
    const other = await openEngine({ dataDir: database().dataDir, databaseUrl: database().url })
    try {
      const pools = [createRateLimitsRepository(database().db), createRateLimitsRepository(other.db)]
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => pools[i % 2]!.increment('verify:5.6.7.8', 10, 600_000)))
      expect(answers.map((answer) => answer.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    } finally {
      await other.close()
    }
  })
})
