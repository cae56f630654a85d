/**
 * The durable queue on both engines: order, one at a time, failures, re-runs after a stop; and on
 * PostgreSQL, queues over separate pools (as separate processes would be) claiming at once never take
 * the same job.
 */
import pino from 'pino'
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { z } from 'zod'
import type { Kysely } from 'kysely'
import { jobClaimFor } from '../db/dialect/job-claim.ts'
import { openEngine, type Engine } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'
import { createJobsRepository } from '../repositories/jobs.repository.ts'
import { createJobQueue } from './job-queue.ts'
import { createJobRegistry, type JobRun } from './registry.ts'

const logger = pino({ level: 'silent' })
const clock = { now: () => Date.now() }

describeOnEachEngine((engine, database) => {
  /** A queue whose kinds are registered as the test goes (any payload); each fails for good on its first error unless told otherwise. */
  const queueOn = (db: Kysely<Database> = database().db, concurrency?: number, leaseMs?: number) => {
    const payloads: Record<string, z.ZodType> = {}
    const registry = createJobRegistry(payloads)
    const queue = createJobQueue({ jobs: createJobsRepository(db, engine), registry, logger, concurrency, leaseMs })
    return Object.assign(queue, {
      register(kind: string, handler: (payload: any, run: JobRun) => Promise<void>, onFailed?: (payload: any, error: string) => unknown, maxAttempts = 1) {
        payloads[kind] = z.unknown()
        registry.define(kind, { handler, onFailed, maxAttempts })
      },
    })
  }

  it('renews the lease while a job runs, and a worker whose job was claimed again (it stalled past its lease) stops and writes nothing', async () => {
    const queue = queueOn(database().db, 1, 300)
    let aborted!: () => void
    const abortedRun = new Promise<void>((resolve) => (aborted = resolve))
    let release!: () => void
    queue.register('slow', (_payload, job) => new Promise<void>((resolve) => {
      release = resolve
      job.signal.addEventListener('abort', () => aborted())
    }))
    const id = await queue.enqueue('slow', {})
    const started = new Promise((resolve) => queue.events.once('started', resolve))
    await queue.start()
    await started
    const firstLease = (await queue.get(id))!.lease_until!
    // Renewed every third of the lease: wait for a renewal to land rather than for a fixed time.
    await expect.poll(async () => (await queue.get(id))!.lease_until!, { interval: 20, timeout: 2000 }).toBeGreaterThan(firstLease)
    // Another worker claims it (as after a stall past the lease): the claim counts an attempt.
    await database().db.updateTable('jobs').set({ attempts: 2, claims: 2, lease_until: clock.now() + 60_000 }).where('id', '=', id).execute()
    await abortedRun
    release()
    await new Promise((resolve) => queue.events.once('stopped', resolve))
    expect(await queue.get(id)).toMatchObject({ state: 'running', attempts: 2, claims: 2, finished_at: null })
    await queue.stop()
  })

  it('runs jobs in order, one at a time, and reports failures to the kind', async () => {
    const queue = queueOn()
    const log: string[] = []
    let running = 0
    queue.register('work', async (payload) => {
      running++
      expect(running).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 5))
      log.push(String((payload as { n: number }).n))
      running--
      if ((payload as { n: number }).n === 2) throw new Error('boom')
    }, (payload, error) => log.push(`failed ${(payload as { n: number }).n}: ${error}`))
    const ids: number[] = []
    for (const n of [1, 2, 3]) ids.push(await queue.enqueue('work', { n }))
    await queue.start()
    await queue.whenIdle()
    expect(log).toEqual(['1', '2', 'failed 2: boom', '3'])
    const states = await Promise.all(ids.map(async (id) => (await queue.get(id))!.state))
    expect(states).toEqual(['done', 'failed', 'done'])
    await queue.stop()
  })

  it('a job stopped mid-run is handed back unspent, runs again at the next start, and is given up after 3 attempts', async () => {
    const first = queueOn()
    const started = new Promise((resolve) => first.events.once('started', resolve))
    first.register('slow', (_payload, job) => new Promise((_resolve, reject) => job.signal.addEventListener('abort', () => reject(new Error('aborted')))))
    const id = await first.enqueue('slow', {})
    await first.start()
    await started
    await first.stop()
    expect(await first.get(id)).toMatchObject({ state: 'queued', attempts: 0 })

    const second = queueOn()
    second.register('slow', async () => undefined)
    await second.start()
    expect(await second.waitFor(id)).toMatchObject({ state: 'done', attempts: 1 })
    await second.stop()

    // A job that takes the process down every time (simulated: attempts already spent) is failed, not looped.
    const crashing = queueOn()
    let failedWith = ''
    crashing.register('crash', async () => undefined, (_payload, error) => (failedWith = error), 3)
    const crashId = await crashing.enqueue('crash', {})
    await database().db.updateTable('jobs').set({ state: 'running', attempts: 3 }).where('id', '=', crashId).execute()
    await crashing.start()
    expect(await crashing.waitFor(crashId)).toMatchObject({ state: 'failed', attempts: 4 })
    expect(failedWith).toMatch(/gave up/)
    await crashing.stop()
  })

  it('a job enqueued in a transaction is claimed once the transaction commits and wake() is called, never if it rolls back', async () => {
    const queue = queueOn()
    const ran: number[] = []
    queue.register('work', async (payload) => void ran.push((payload as { n: number }).n))
    await queue.start()
    await expect(
      database().db.transaction().execute(async (trx) => {
        await queue.enqueue('work', { n: 1 }, { trx })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const id = await database().db.transaction().execute((trx) => queue.enqueue('work', { n: 2 }, { trx }))
    queue.wake()
    expect(await queue.waitFor(id)).toMatchObject({ state: 'done' })
    expect(ran).toEqual([2])
    await queue.stop()
  })

  it.runIf(engine === 'postgres')('queues on separate pools claiming at once run every job exactly once', async () => {
    // Three more "processes": each its own engine (pool) on the same database.
    const others: Engine[] = await Promise.all([1, 2, 3].map(() => openEngine({ dataDir: database().dataDir, databaseUrl: database().url })))
    try {
      const pools = [database().db, ...others.map((other) => other.db)]
      const total = 200
      for (let n = 0; n < total; n += 50) {
        await database().db
          .insertInto('jobs')
          .values(Array.from({ length: 50 }, (_, i) => ({ kind: 'work', payload: JSON.stringify({ n: n + i }), created_at: clock.now() })))
          .execute()
      }
      const runs = new Map<number, number>()
      const queues = pools.map((db) => {
        const queue = queueOn(db, 4)
        queue.register('work', async (_payload, job) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1)
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3))
        })
        return queue
      })
      await Promise.all(queues.map((queue) => queue.start()))
      // Every queue wakes at once and keeps claiming until none is left.
      await Promise.all(queues.map((queue) => queue.whenIdle()))
      const rows = await database().db.selectFrom('jobs').select(['id', 'state', 'attempts']).execute()
      expect(rows).toHaveLength(total)
      expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true)
      expect(runs.size).toBe(total)
      expect([...runs.values()].every((count) => count === 1)).toBe(true)
      await Promise.all(queues.map((queue) => queue.stop()))
    } finally {
      await Promise.all(others.map((other) => other.close()))
    }
  })

  it('a running job whose lease has passed (its worker died) is claimed again; one under a live lease is not', async () => {
    const queue = queueOn()
    const ran: number[] = []
    queue.register('work', async (payload) => void ran.push((payload as { n: number }).n))
    const live = await queue.enqueue('work', { n: 1 })
    const dead = await queue.enqueue('work', { n: 2 })
    await database().db.updateTable('jobs').set({ state: 'running', attempts: 1, lease_until: clock.now() + 60_000 }).where('id', '=', live).execute()
    await database().db.updateTable('jobs').set({ state: 'running', attempts: 1, lease_until: clock.now() - 1_000 }).where('id', '=', dead).execute()
    const claim = jobClaimFor(engine)
    const claimed = await claim.next(database().db, 60_000, ['work'])
    expect(claimed).toMatchObject({ id: dead, state: 'running', attempts: 2 })
    expect(await claim.next(database().db, 60_000, ['work'])).toBeUndefined()
    expect(ran).toEqual([])
  })

  it.runIf(engine === 'postgres')('a process starting while another runs a job leaves that job alone', async () => {
    const other = await openEngine({ dataDir: database().dataDir, databaseUrl: database().url })
    try {
      const first = queueOn()
      let release!: () => void
      let runs = 0
      const started = new Promise((resolve) => first.events.once('started', resolve))
      first.register('slow', () => {
        runs++
        return new Promise<void>((resolve) => (release = resolve))
      })
      const id = await first.enqueue('slow', {})
      await first.start()
      await started
      const second = queueOn(other.db)
      second.register('slow', async () => void runs++)
      await second.start()
      await new Promise((resolve) => setTimeout(resolve, 100))
      release()
      expect(await first.waitFor(id)).toMatchObject({ state: 'done', attempts: 1 })
      expect(runs).toBe(1)
      await Promise.all([first.stop(), second.stop()])
    } finally {
      await other.close()
    }
  })

  it.runIf(engine === 'postgres')('the claim itself: 40 claims at once over 4 pools take 25 queued jobs once each', async () => {
    const others: Engine[] = await Promise.all([1, 2, 3].map(() => openEngine({ dataDir: database().dataDir, databaseUrl: database().url })))
    try {
      const pools = [database().db, ...others.map((other) => other.db)]
      await database().db
        .insertInto('jobs')
        .values(Array.from({ length: 25 }, (_, n) => ({ kind: 'work', payload: JSON.stringify({ n }), created_at: 1 })))
        .execute()
      const claim = jobClaimFor('postgres')
      const claimed = await Promise.all(Array.from({ length: 40 }, (_, i) => claim.next(pools[i % pools.length]!, 60_000, ['work'])))
      const ids = claimed.flatMap((job) => (job ? [job.id] : []))
      expect(ids).toHaveLength(25)
      expect(new Set(ids).size).toBe(25)
      expect(claimed.filter((job) => job === undefined)).toHaveLength(15)
    } finally {
      await Promise.all(others.map((other) => other.close()))
    }
  })
})
