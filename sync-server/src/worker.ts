/**
 * `npm run worker`: a process that runs background jobs (transcoding) only, with no HTTP. Several may
 * run beside any number of API processes (`WORKERS=0`) on one PostgreSQL database and one DATA_DIR:
 * jobs are claimed with `FOR UPDATE SKIP LOCKED` under a lease this process renews while a job runs
 * (jobs/job-queue.ts). A worker killed outright loses its lease, and another runs the job again from
 * the start. WORKERS sets how many jobs it runs at once (at least one here). SIGINT/SIGTERM stop it
 * cleanly: the running job is handed back to the queue without spending an attempt, so another worker
 * takes it at once.
 */
import { contextOrExit, metricsOrExit } from './start-process.ts'
import { roleOf, startBackgroundWork } from './background.ts'

async function start() {
  const { config, ctx } = await contextOrExit({ ...process.env, WORKERS: process.env.WORKERS && process.env.WORKERS !== '0' ? process.env.WORKERS : '1' })
  if (ctx.database.engine === 'sqlite') {
    ctx.logger.warn('a separate worker on SQLite shares the file with the API process: use DATABASE_URL (PostgreSQL) to split roles')
  }
  if (config.metricsListen) await metricsOrExit(ctx, config.metricsListen)
  const background = startBackgroundWork(ctx, { serves: false })
  ctx.logger.info(`Dễ Hiểu worker running ${config.workers} job(s) at once (${ctx.database.engine}, data in ${config.dataDir}, role ${roleOf({ serves: false, workers: config.workers })})`)
  const stop = () => {
    void background.stop().finally(() => {
      void ctx.close().finally(() => process.exit(0))
    })
    setTimeout(() => process.exit(0), 10_000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

await start()
