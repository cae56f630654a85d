/** A failed run's outcome on both engines: queued again with the error while attempts last, else failed and told once. */
import pino from 'pino'
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { createJobsRepository } from '../repositories/jobs.repository.ts'
import { recordFailure } from './job-outcome.ts'
import { PermanentJobError, type RegisteredJob } from './registry.ts'

const logger = pino({ level: 'silent' })

describeOnEachEngine((engine, database) => {
  const definition = (told: string[], maxAttempts = 3): RegisteredJob => ({
    kind: 'outcome-test',
    schema: undefined as never,
    handler: async () => {},
    maxAttempts,
    first: false,
    backoff: { baseMs: 60_000, maxMs: 60_000 },
    onFailed: (_payload, error) => void told.push(error),
  })
  const claimed = async () => {
    const jobs = createJobsRepository(database().db, engine)
    await jobs.insert({ kind: 'outcome-test', payload: '{}' })
    const job = (await jobs.claimNext(60_000, ['outcome-test']))!
    return { jobs, job }
  }

  it('queues a job again after its backoff, the error kept, while it has attempts left; its kind is not told', async () => {
    const { jobs, job } = await claimed()
    const told: string[] = []
    const before = await jobs.now()
    await recordFailure({ jobs, logger }, job, definition(told), {}, new Error('the network was down'))
    const row = (await jobs.byId(job.id))!
    expect(row).toMatchObject({ state: 'queued', error: 'the network was down' })
    expect(row.run_after).toBeGreaterThanOrEqual(before + 30_000)
    expect(told).toEqual([])
  })

  it('fails a job at once on a permanent error, and tells its kind once, even when the outcome is written twice', async () => {
    const { jobs, job } = await claimed()
    const told: string[] = []
    await recordFailure({ jobs, logger }, job, definition(told), {}, new PermanentJobError('the payload does not fit'))
    await recordFailure({ jobs, logger }, job, definition(told), {}, new PermanentJobError('the payload does not fit'))
    expect(await jobs.byId(job.id)).toMatchObject({ state: 'failed', error: 'the payload does not fit' })
    expect(told).toEqual(['the payload does not fit'])
  })

  it('fails a job whose attempts are spent', async () => {
    const { jobs, job } = await claimed()
    const told: string[] = []
    await recordFailure({ jobs, logger }, job, definition(told, 1), {}, 'a string thrown')
    expect(await jobs.byId(job.id)).toMatchObject({ state: 'failed', error: 'a string thrown' })
    expect(told).toEqual(['a string thrown'])
  })
})
