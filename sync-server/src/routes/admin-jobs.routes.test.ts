/**
 * Jobs that retry (issue 34), on the engine of the project (`server`: SQLite, `server-postgres`):
 * workers here are the real queue (jobs/job-queue.ts) over the test server's database, with kinds of
 * their own beside the app's (a queue claims only the kinds it has handlers for), and the admin jobs
 * view is read and driven over HTTP. The periodic sweeps are the app's own, in two real contexts.
 */
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { startBackgroundWork } from '../background.ts'
import { createContext } from '../context.ts'
import { openEngine, type Engine } from '../db/engine.ts'
import { createJobQueue } from '../jobs/job-queue.ts'
import { createJobRegistry, JobRegistryError, type JobDefinition } from '../jobs/registry.ts'
import { createJobsRepository } from '../repositories/jobs.repository.ts'

const logger = pino({ level: 'silent' })
let server: TestServer
let admin: ReturnType<typeof apiClient>
let learner: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'admin@example.com', OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  admin = apiClient(server.api, { token: (await signIn(server, 'admin@example.com')).token })
  learner = apiClient(server.api, { token: (await signIn(server, 'learner@example.com')).token })
})
afterAll(() => server.close())

const payload = z.object({ n: z.number().int() })

/** A worker over the test server's database (or another pool on it) that runs one kind. */
function worker(kind: string, definition: JobDefinition<{ n: number }>, options: { engine?: Engine; leaseMs?: number; concurrency?: number } = {}) {
  const registry = createJobRegistry({ [kind]: payload })
  registry.define(kind, definition)
  const database = options.engine ?? server.ctx.database
  return createJobQueue({
    jobs: createJobsRepository(database.db, database.engine),
    registry,
    logger,
    pollMs: 50,
    leaseMs: options.leaseMs,
    concurrency: options.concurrency,
  })
}

const jobsRepository = () => createJobsRepository(server.ctx.database.db, server.ctx.database.engine)
const listed = async (state: string) => (await admin.get(`/admin/jobs?state=${state}&limit=100`)).body.data as Array<Record<string, unknown>>

describe('the registry', () => {
  it('refuses to start with a kind that has no handler, or two', async () => {
    const registry = createJobRegistry({ a: payload, b: payload })
    registry.define('a', { handler: async () => undefined })
    expect(() => registry.check()).toThrow(new JobRegistryError('The job registry is incomplete: job kind b has no handler.'))
    registry.define('b', { handler: async () => undefined })
    registry.define('b', { handler: async () => undefined })
    expect(() => registry.check()).toThrow(/job kind b has two handlers/)
    const queue = createJobQueue({ jobs: jobsRepository(), registry, logger })
    await expect(queue.start()).rejects.toThrow(JobRegistryError)
  })

  it('the app registers every kind once: its queue started with the server', () => {
    expect(server.ctx.jobs.registry.checked).toBe(true)
    expect(server.ctx.jobs.registry.kinds().sort()).toEqual(['cut_card_clip', 'hourly_pruning', 'make_waveform', 'process_submission', 'publish_submission', 'resegment_language', 'sweep_uploads'])
  })

  it('a payload that does not fit its kind is refused when enqueued', async () => {
    await expect(server.ctx.jobs.enqueue('process_submission', { submissionId: -1 })).rejects.toThrow(/does not fit its schema/)
  })
})

describe('retries', () => {
  it('an error puts the job back with a backoff on the database clock and the error kept; the next attempt succeeds', async () => {
    const runsAt: number[] = []
    const queue = worker('flaky', {
      backoff: { baseMs: 400, maxMs: 5_000 },
      handler: async () => {
        runsAt.push(await jobsRepository().now())
        if (runsAt.length === 1) throw new Error('the network was down')
      },
    })
    const id = await queue.enqueue('flaky', { n: 1 })
    await queue.start()
    const waiting = await queue.waitFor(id, (job) => job.state === 'queued' && job.attempts === 1)
    expect(waiting).toMatchObject({ error: 'the network was down', attempts: 1 })
    // Exponential with equal jitter: the first wait is between half the base and the base.
    expect(waiting.run_after! - runsAt[0]!).toBeGreaterThanOrEqual(200)
    expect(waiting.run_after! - runsAt[0]!).toBeLessThanOrEqual(400 + 50)
    // The admin sees it waiting, with the error and when it runs again.
    expect((await listed('queued')).find((job) => job.id === id)).toMatchObject({
      kind: 'flaky',
      state: 'queued',
      attempts: 1,
      error: 'the network was down',
      run_after: new Date(waiting.run_after!).toISOString(),
    })
    const done = await queue.waitFor(id)
    expect(done).toMatchObject({ state: 'done', attempts: 2, error: null })
    // It ran again only once the backoff had passed, by the database's clock.
    expect(runsAt[1]!).toBeGreaterThanOrEqual(waiting.run_after!)
    await queue.stop()
  })

  it('a job that spends its attempts is failed with the error; Retry now over HTTP queues it again and it runs', async () => {
    let broken = true
    const failedWith: string[] = []
    const queue = worker('brittle', {
      maxAttempts: 2,
      backoff: { baseMs: 20, maxMs: 40 },
      handler: async () => {
        if (broken) throw new Error('the disk is full')
      },
      onFailed: (_payload, error) => void failedWith.push(error),
    })
    const id = await queue.enqueue('brittle', { n: 2 })
    await queue.start()
    expect(await queue.waitFor(id)).toMatchObject({ state: 'failed', attempts: 2, error: 'the disk is full' })
    expect(failedWith).toEqual(['the disk is full'])
    // The server's own queue has no handler for this kind: no maximum to show.
    expect((await listed('failed')).find((job) => job.id === id)).toMatchObject({ state: 'failed', attempts: 2, max_attempts: null, error: 'the disk is full' })

    // Only admins see or retry jobs; only a failed job can be retried; a bad filter is a 422.
    expect((await learner.get('/admin/jobs')).status).toBe(403)
    expect((await learner.post(`/admin/jobs/${id}/retry`)).status).toBe(403)
    expect((await admin.get('/admin/jobs?state=sleeping')).status).toBe(422)
    expect((await admin.post('/admin/jobs/999999/retry')).status).toBe(404)

    broken = false
    const retried = await admin.post(`/admin/jobs/${id}/retry`)
    expect(retried.status).toBe(200)
    expect(retried.body.data).toMatchObject({ id, state: 'queued', attempts: 0 })
    expect(await queue.waitFor(id)).toMatchObject({ state: 'done', attempts: 1 })
    expect((await admin.post(`/admin/jobs/${id}/retry`)).status).toBe(409)
    // Done, it is still listed under All (and Done), no longer under Failed.
    expect((await listed('all')).find((job) => job.id === id)).toMatchObject({ state: 'done', error: null })
    expect((await listed('done')).some((job) => job.id === id)).toBe(true)
    expect((await listed('failed')).some((job) => job.id === id)).toBe(false)
    await queue.stop()
  })
})

describe('the list', () => {
  it('All is every job, done ones included, newest first, a page at a time', async () => {
    const queue = worker('quick', { handler: async () => undefined })
    const ids: number[] = []
    for (let n = 0; n < 5; n++) ids.push(await queue.enqueue('quick', { n }))
    await queue.start()
    await Promise.all(ids.map((id) => queue.waitFor(id)))
    await queue.stop()

    const seen: Array<{ id: number; state: string; kind: string }> = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await admin.get(`/admin/jobs?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      expect(page.status).toBe(200)
      const data = page.body.data as Array<{ id: number; state: string; kind: string }>
      expect(data.length).toBeLessThanOrEqual(2)
      seen.push(...data)
      cursor = page.body.next_cursor as string | null
      pages++
    } while (cursor)
    const ours = seen.filter((job) => job.kind === 'quick')
    expect(ours.map((job) => job.id)).toEqual([...ids].reverse())
    expect(ours.every((job) => job.state === 'done')).toBe(true)
    expect(pages).toBeGreaterThanOrEqual(3)
    // Newest first across the pages, nothing twice.
    expect(seen.map((job) => job.id)).toEqual([...seen.map((job) => job.id)].sort((a, b) => b - a))
    expect(new Set(seen.map((job) => job.id)).size).toBe(seen.length)
  })
})

describe('order', () => {
  it('a kind marked first is claimed ahead of older jobs of other kinds (a publish does not wait behind transcodes)', async () => {
    const ran: string[] = []
    const registry = createJobRegistry({ slow_work: payload, quick_finish: payload })
    registry.define('slow_work', { handler: async ({ n }) => void ran.push(`slow ${n}`) })
    registry.define('quick_finish', { first: true, handler: async ({ n }) => void ran.push(`quick ${n}`) })
    const queue = createJobQueue({ jobs: jobsRepository(), registry, logger, pollMs: 50, concurrency: 1 })
    const ids = [await queue.enqueue('slow_work', { n: 1 }), await queue.enqueue('slow_work', { n: 2 }), await queue.enqueue('quick_finish', { n: 3 })]
    await queue.start()
    await Promise.all(ids.map((id) => queue.waitFor(id)))
    await queue.stop()
    expect(ran).toEqual(['quick 3', 'slow 1', 'slow 2'])
  })
})

describe('stops and leases', () => {
  it('a clean stop mid-job hands it back without spending an attempt; another worker takes it at once', async () => {
    const first = worker('long', {
      handler: (_payload, run) => new Promise((_resolve, reject) => run.signal.addEventListener('abort', () => reject(new Error('stopped')))),
    })
    const id = await first.enqueue('long', { n: 3 })
    const started = new Promise((resolve) => first.events.once('started', resolve))
    await first.start()
    await started
    expect(await first.get(id)).toMatchObject({ state: 'running', attempts: 1 })
    await first.stop() // what SIGTERM does (main.ts, worker.ts)
    expect(await first.get(id)).toMatchObject({ state: 'queued', attempts: 0, lease_until: null, error: null })

    const second = worker('long', { handler: async () => undefined })
    await second.start()
    expect(await second.waitFor(id)).toMatchObject({ state: 'done', attempts: 1 })
    await second.stop()
  })

  it('a worker that died keeps its job until its lease passes on the database clock; then another takes it over', async () => {
    const repository = jobsRepository()
    const queue = worker('orphaned', { handler: async () => void (takenAt = await repository.now()) })
    let takenAt = 0
    const id = await queue.enqueue('orphaned', { n: 4 })
    // A worker claims it with a 600 ms lease and dies: nothing renews the lease.
    const dead = (await repository.claimNext(600, ['orphaned']))!
    expect(dead).toMatchObject({ id, attempts: 1 })
    await queue.start()
    try {
      expect(await queue.waitFor(id)).toMatchObject({ state: 'done', attempts: 2, claims: 2 })
      expect(takenAt).toBeGreaterThanOrEqual(dead.lease_until!)
    } finally {
      await queue.stop()
    }
  })

  it('two workers never run one job at once, and every job runs once', async () => {
    // The second worker has a pool of its own on PostgreSQL (another process's); on SQLite, its own connection.
    const other = await openEngine({ dataDir: server.dataDir, databaseUrl: server.ctx.config.databaseUrl })
    try {
      const inFlight = new Set<number>()
      const runs = new Map<number, number>()
      let overlaps = 0
      const handler: JobDefinition<{ n: number }>['handler'] = async (_payload, run) => {
        if (inFlight.has(run.id)) overlaps++
        inFlight.add(run.id)
        runs.set(run.id, (runs.get(run.id) ?? 0) + 1)
        await new Promise((resolve) => setImmediate(resolve))
        inFlight.delete(run.id)
      }
      const workers = [worker('shared', { handler }, { concurrency: 3 }), worker('shared', { handler }, { engine: other, concurrency: 3 })]
      const ids: number[] = []
      for (let n = 0; n < 60; n++) ids.push(await workers[0]!.enqueue('shared', { n }))
      await Promise.all(workers.map((queue) => queue.start()))
      // Each worker hears of its own runs: a job is finished when either says so.
      await Promise.all(ids.map((id) => Promise.any(workers.map((queue) => queue.waitFor(id)))))
      expect(overlaps).toBe(0)
      expect(runs.size).toBe(60)
      expect([...runs.values()].every((count) => count === 1)).toBe(true)
      const rows = await jobsRepository().list({ limit: 1000 })
      const shared = rows.filter((row) => row.kind === 'shared')
      expect(shared.filter((row) => row.state !== 'done')).toEqual([])
      expect(shared).toHaveLength(60)
      await Promise.all(workers.map((queue) => queue.stop()))
    } finally {
      await other.close()
    }
  })
})

describe('periodic jobs', () => {
  it('each sweep runs once per period across two processes sharing the database', async () => {
    // A worker process beside the server (as `npm run worker`): its own context on the same database.
    const worker = await createContext(server.ctx.config, { logger })
    const background = startBackgroundWork(worker, { serves: false })
    try {
      await worker.jobs.whenIdle()
      await server.ctx.jobs.whenIdle()
      const rows = await server.ctx.database.db
        .selectFrom('jobs')
        .select(['kind', 'state', 'unique_key'])
        .where('kind', 'in', ['sweep_uploads', 'hourly_pruning'])
        .execute()
      // One row per kind and period (a test at the turn of a period may see the next one too).
      for (const kind of ['sweep_uploads', 'hourly_pruning']) {
        const ofKind = rows.filter((row) => row.kind === kind)
        expect(ofKind.length).toBeGreaterThanOrEqual(1)
        expect(ofKind.length).toBeLessThanOrEqual(2)
        expect(new Set(ofKind.map((row) => row.unique_key)).size).toBe(ofKind.length)
        expect(ofKind.every((row) => row.state === 'done')).toBe(true)
      }
    } finally {
      await background.stop()
      await worker.close()
    }
  })
})
