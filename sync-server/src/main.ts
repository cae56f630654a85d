/**
 * Starts an API process: read settings, migrate, listen; close cleanly on SIGINT/SIGTERM. With
 * WORKERS > 0 (the default) it also runs background jobs; `npm run worker` (worker.ts) runs jobs only.
 */
import { createApp } from './app.ts'
import { contextOrExit, metricsOrExit } from './start-process.ts'
import { startupWarnings } from './startup-warnings.ts'
import { roleOf, startBackgroundWork } from './background.ts'
import { applyServerTimeouts } from './web/server-timeouts.ts'
import { createGracefulStop } from './web/graceful-stop.ts'

async function start() {
  const { config, ctx } = await contextOrExit()
  const graceful = createGracefulStop({ graceMs: config.shutdownGraceMs })
  const app = createApp(ctx, { beforeRoutes: graceful.middleware })
  // Jobs (the periodic sweeps among them) and the demo seed run in the background: listening does not wait for them.
  const background = startBackgroundWork(ctx)
  const server = app.listen(config.port, config.host, (error?: Error) => {
    if (error) {
      ctx.logger.fatal({ err: error }, `could not listen on ${config.host}:${config.port}`)
      process.exit(1)
    }
    // The first learner to sync after a start does not wait for the ingest to get ready.
    ctx.services.watchEvents.warmUp()
    const shown = config.host === '0.0.0.0' ? 'localhost' : config.host
    const role = roleOf({ serves: true, workers: config.workers })
    ctx.logger.info(`Dễ Hiểu is serving on http://${shown}:${config.port} (data in ${config.dataDir}, ${ctx.database.engine}, role ${role})`)
    for (const warning of startupWarnings(config, { billing: ctx.services.billing.providerName() })) ctx.logger.warn(warning)
    if (!config.smtpUrl) {
      ctx.logger.info(`SMTP_URL is not set: sign-in codes are printed here and shown at http://${shown}:${config.port}/api/v1/dev/outbox`)
    }
  })
  if (config.metricsListen) await metricsOrExit(ctx, config.metricsListen)
  // Uploads are cut on silence, never on total time (see server-timeouts.ts).
  applyServerTimeouts(server)
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    ctx.services.readiness.markStopping()
    // In-flight requests finish (or are cut at the grace), then jobs are handed back and the database closed.
    void graceful.stop(server).finally(() => {
      // A transcode cut short is handed back to the queue, its attempt unspent: the next worker runs it again.
      void background.stop().finally(() => {
        void ctx.close().finally(() => process.exit(0))
      })
    })
    setTimeout(() => process.exit(0), config.shutdownGraceMs + 5000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

await start()
