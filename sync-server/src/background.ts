/**
 * Work that runs beside the requests: the job queue (transcoding), the sweep of silent unfinished
 * uploads (and of upload files no submission points at), leftover multipart temp files, recovery of
 * uploads finished just before a stop, and the demo seed. Started by main.ts and by the test server;
 * nothing here blocks start-up.
 */
import fs from 'node:fs'
import type { AppContext } from './context.ts'
import { incomingDir } from './media/media-paths.ts'
import { seedDemoCatalogue } from './demo/seed-demo.ts'

const SWEEP_EVERY_MS = 15 * 60_000

export function startBackgroundWork(ctx: AppContext, options: { seedDemo?: boolean } = {}) {
  // Multipart files half-received when the last process stopped.
  fs.rmSync(incomingDir(ctx.config.dataDir), { recursive: true, force: true })
  // Finished uploads first (they enqueue their jobs), then the queue (which requeues what was running).
  const starting = ctx.services.uploads
    .recoverFinished()
    .then(() => ctx.jobs.start())
    .catch((error) => ctx.logger.error({ err: error }, 'job queue could not start'))
  let sweeping: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    sweeping = ctx.services.uploads
      .expireSilent()
      .catch((error) => ctx.logger.error({ err: error }, 'upload expiry sweep failed'))
  }
  sweep()
  const timer = setInterval(sweep, SWEEP_EVERY_MS).unref()
  let seeding: Promise<unknown> = Promise.resolve()
  if (options.seedDemo ?? ctx.config.seedDemo) {
    seeding = starting.then(() => seedDemoCatalogue(ctx))
      .then((jobs) => {
        if (jobs.length > 0) ctx.logger.info({ videos: jobs.length }, 'demo catalogue queued for processing')
      })
      .catch((error) => ctx.logger.warn({ err: error }, 'demo catalogue could not be seeded'))
  }
  return {
    /** Resolves when the demo seed has queued its jobs (or was skipped). */
    seeding,
    async stop() {
      clearInterval(timer)
      await Promise.all([starting, sweeping, seeding])
      await ctx.jobs.stop()
    },
  }
}
