/** Periodic rows on both engines: two queues (as two processes would be) make one row per period between them. */
import pino from 'pino'
import { z } from 'zod'
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { createJobsRepository } from '../repositories/jobs.repository.ts'
import { createPeriodicJobs } from './periodic-jobs.ts'
import { createJobRegistry } from './registry.ts'

const logger = pino({ level: 'silent' })

describeOnEachEngine((engine, database) => {
  const scheduler = (made: () => void = () => {}) => {
    const registry = createJobRegistry({ 'periodic-test': z.object({}) } as Record<string, z.ZodType>)
    registry.define('periodic-test', { handler: async () => {}, everyMs: 3_600_000 })
    return createPeriodicJobs({ jobs: createJobsRepository(database().db, engine), registry, logger, made })
  }

  it('makes the period’s row once between two queues, and says so only to the queue that made it', async () => {
    let madeFirst = 0
    let madeSecond = 0
    const first = scheduler(() => madeFirst++)
    const second = scheduler(() => madeSecond++)
    const [ids, again] = await Promise.all([first.check(), second.check()])
    expect([...ids, ...again]).toHaveLength(1)
    expect(madeFirst + madeSecond).toBe(1)
    expect(await first.check()).toEqual([])
    const rows = await database().db.selectFrom('jobs').select('unique_key').where('kind', '=', 'periodic-test').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.unique_key).toMatch(/^periodic-test@\d+$/)
  })
})
