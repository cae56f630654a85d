/**
 * Work that runs beside the requests, split by role so several processes can share one database:
 * - every API process: old multipart temp files of its own DATA_DIR, recovery of uploads finished just
 *   before a stop (idempotent, so two processes doing it at once is harmless), and the demo seed;
 * - every process with WORKERS > 0 (the default single process, `npm run worker`): the job queue,
 *   which also runs the periodic sweeps (silent uploads, orphan ladders, sign-in codes, rate-limit
 *   windows, lapsed subscriptions) once per period for the whole cluster (wiring/jobs.ts), where each
 *   process used to run them on its own timer.
 * Started by main.ts, worker.ts and the test server; nothing here blocks start-up.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { AppContext } from './context.ts'
import { incomingDir } from './storage/media-paths.ts'
import { logDemoPublishing, seedDemoCatalogue } from './demo/seed-demo.ts'

/**
 * A multipart temp file untouched this long was left by a process that stopped mid-form. Another
 * process sharing DATA_DIR may be receiving a form right now, so younger files are left alone.
 */
const STALE_INCOMING_MS = 60 * 60_000

export type ProcessRole = 'api' | 'worker' | 'api+worker'

export function roleOf(options: { serves: boolean; workers: number }): ProcessRole {
  if (!options.serves) return 'worker'
  return options.workers > 0 ? 'api+worker' : 'api'
}

/** A transcode's scratch folder (storage/stores.ts) this old was left by a worker that was killed. */
const STALE_SCRATCH_MS = 24 * 60 * 60_000

function removeStaleIncoming(dir: string, now: number, staleMs = STALE_INCOMING_MS) {
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    const file = path.join(dir, name)
    try {
      if (now - fs.statSync(file).mtimeMs > staleMs) fs.rmSync(file, { recursive: true, force: true })
    } catch {
      // Gone already (another process swept it, or the form finished): nothing to do.
    }
  }
}

export function startBackgroundWork(ctx: AppContext, options: { seedDemo?: boolean; serves?: boolean } = {}) {
  const serves = options.serves ?? true
  const runsJobs = ctx.config.workers > 0
  let starting: Promise<unknown> = Promise.resolve()
  if (runsJobs) removeStaleIncoming(ctx.storage.scratchRoot, Date.now(), STALE_SCRATCH_MS)
  if (serves) {
    removeStaleIncoming(incomingDir(ctx.config.dataDir), Date.now())
    // Finished uploads first (they enqueue their jobs), then the queue.
    starting = ctx.services.uploads.finishStored()
  }
  if (runsJobs) starting = starting.then(() => ctx.jobs.start())
  // Tracks segmented against an older lexicon or another preview length get their words again (a job).
  if (serves) starting = starting.then(async () => ctx.services.trackWords.enqueueStale(ctx.jobs, (await ctx.repositories.languages.list()).map((language) => language.code)))
  starting = starting.catch((error) => ctx.logger.error({ err: error }, 'job queue could not start'))
  let seeding: Promise<unknown> = Promise.resolve()
  let stopDemoLog = () => {}
  if (serves && (options.seedDemo ?? ctx.config.seedDemo)) {
    // A line per video made (seedDemoCatalogue) and per video published, and one when all are.
    stopDemoLog = logDemoPublishing(ctx)
    seeding = starting
      .then(() => seedDemoCatalogue(ctx))
      .catch((error) => ctx.logger.warn({ err: error }, 'demo catalogue could not be seeded'))
  }
  return {
    /** Resolves when the job queue has started (or could not). */
    started: starting,
    /** Resolves when the demo seed has queued its jobs (or was skipped). */
    seeding,
    async stop() {
      await Promise.all([starting, seeding])
      stopDemoLog()
      await ctx.jobs.stop()
    },
  }
}
