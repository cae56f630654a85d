/** The durable queue on a real SQLite file: order, one at a time, failures, re-runs after a stop. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type Db } from '../db/connection.ts'
import { migrateSqlite } from '../db/migrate.ts'
import { createJobQueue } from './job-queue.ts'

let dir: string
let db: Db
const logger = pino({ level: 'silent' })
const clock = { now: () => Date.now() }

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-jobs-'))
  db = openDatabase(dir)
  migrateSqlite(db)
})

afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('runs jobs in order, one at a time, and reports failures to the kind', async () => {
  const queue = createJobQueue({ db, clock, logger })
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
  const ids = [1, 2, 3].map((n) => queue.enqueue('work', { n }))
  queue.start()
  await queue.whenIdle()
  expect(log).toEqual(['1', '2', 'failed 2: boom', '3'])
  expect(ids.map((id) => queue.get(id)!.state)).toEqual(['done', 'failed', 'done'])
  await queue.stop()
})

it('a job stopped mid-run stays running, runs again at the next start, and is given up after 3 attempts', async () => {
  const first = createJobQueue({ db, clock, logger })
  const started = new Promise((resolve) => first.events.once('started', resolve))
  first.register('slow', (_payload, job) => new Promise((_resolve, reject) => job.signal.addEventListener('abort', () => reject(new Error('aborted')))))
  const id = first.enqueue('slow', {})
  first.start()
  await started
  await first.stop()
  expect(first.get(id)).toMatchObject({ state: 'running', attempts: 1 })

  const second = createJobQueue({ db, clock, logger })
  second.register('slow', async () => undefined)
  second.start()
  expect(await second.waitFor(id)).toMatchObject({ state: 'done', attempts: 2 })
  await second.stop()

  // A job that takes the process down every time (simulated: attempts already spent) is failed, not looped.
  const crashing = createJobQueue({ db, clock, logger })
  let failedWith = ''
  crashing.register('crash', async () => undefined, (_payload, error) => (failedWith = error))
  const crashId = crashing.enqueue('crash', {})
  db.prepare("UPDATE jobs SET state = 'running', attempts = 3 WHERE id = ?").run(crashId)
  crashing.start()
  expect(await crashing.waitFor(crashId)).toMatchObject({ state: 'failed', attempts: 4 })
  expect(failedWith).toMatch(/gave up/)
  await crashing.stop()
})
