/**
 * Runs the watch-event ingest on a worker thread (worker.ts), so that storing one batch
 * overlaps with receiving, parsing and checking the next: on a busy server the inserts and the HTTP
 * and JSON work each have a core. Same answers, same rules, same group commit as in-process
 * (sqlite-ingest.ts). This is the SQLite ingest; PostgreSQL's is pool-ingest.ts.
 *
 * The worker starts when the API process is listening (warmUp), or else with the first batch, and
 * starts again after a crash; a crash fails only the batches it was holding. Their learners' outboxes
 * send them again, and whatever of them had been committed answers `duplicate`: still counted once.
 * The main thread keeps its own connection for everything else; SQLite lets one writer at a time,
 * and a write there waits (busy timeout) for the ingest's current transaction, a few milliseconds.
 */
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import { accountGone } from '../errors.ts'
import { checkWatchEvents } from './check-events.ts'
import { INGEST_WORKER, type IngestReply, type IngestRequest, type IngestWorkerData } from './messages.ts'
import type { IngestResult as Result, IngestUser, WatchEventsIngest } from './store.ts'
import { INGEST_WORKER_URL } from './worker.ts'
import { threadBoot } from '../thread-entry.ts'
import type { IngestObserver } from '../metrics/metrics.ts'

export function createIngestThread(deps: { dataDir: string; previewSeconds: number; clock: Clock; logger: Logger; observer?: IngestObserver }): WatchEventsIngest {
  const workerData: IngestWorkerData = { role: INGEST_WORKER, dataDir: deps.dataDir, previewSeconds: deps.previewSeconds }
  const waiting = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void; events: number }>()
  const inFlight = new Set<Promise<Result>>()
  let nextId = 1
  let worker: Worker | undefined
  let closed = false

  function failWaiting(error: Error) {
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }

  function start(): Worker {
    // worker.ts, whose address this module has from importing it (or its built file: thread-entry.ts).
    const boot = threadBoot(INGEST_WORKER_URL, 'watch-ingest-worker')
    const started = new Worker(boot, { eval: true, workerData })
    // Idle, it keeps no process alive; a batch in flight is held by its HTTP request anyway.
    started.unref()
    started.on('message', (reply: IngestReply) => {
      const entry = waiting.get(reply.id)
      if (!entry) return
      waiting.delete(reply.id)
      if ('gone' in reply) entry.reject(accountGone())
      else if ('error' in reply) entry.reject(new Error(`watch-event ingest failed: ${reply.error}`))
      else {
        deps.observer?.batch(entry.events, reply.waitMs / 1000, reply.commitMs / 1000)
        entry.resolve(reply.result)
      }
    })
    started.on('error', (error) => {
      deps.logger.error({ err: error }, 'the watch-event ingest thread crashed')
      if (worker === started) worker = undefined
      failWaiting(error)
    })
    started.on('exit', (code) => {
      if (worker === started) worker = undefined
      failWaiting(new Error(`the watch-event ingest thread stopped (exit code ${code})`))
    })
    return started
  }

  return {
    /** Stores a batch on the ingest thread and answers once it is committed. */
    ingest(user: IngestUser, events: readonly unknown[]): Promise<Result> {
      if (closed) return Promise.reject(new Error('the watch-event ingest is closed'))
      worker ??= start()
      const id = nextId++
      const now = deps.clock.now()
      // Parsing and the rules that need no database run here, beside the HTTP work; the columns of
      // numbers move to the ingest thread without a copy.
      const checked = checkWatchEvents(events, { now, timeZone: user.time_zone })
      const request: IngestRequest = { id, user, checked, now }
      const answer = new Promise<Result>((resolve, reject) => waiting.set(id, { resolve, reject, events: events.length }))
      worker.postMessage(request, [checked.numbers.buffer as ArrayBuffer, checked.outcomes.buffer as ArrayBuffer])
      inFlight.add(answer)
      void answer.then(
        () => inFlight.delete(answer),
        () => inFlight.delete(answer),
      )
      return answer
    },

    warmUp() {
      if (!closed) worker ??= start()
    },

    /** Lets the batches in flight finish, then stops the thread and its database connection. */
    async close() {
      closed = true
      const stopping = worker
      if (!stopping) return
      await Promise.allSettled([...inFlight])
      const exited = once(stopping, 'exit')
      stopping.postMessage('close')
      await exited
    },
  }
}
