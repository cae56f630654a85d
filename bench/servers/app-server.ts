// The real server on a temp DATA_DIR, logging at info to a file as in production, with one signed-in
// user whose token it prints for the load generator.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../../sync-server/src/app.ts'
import { loadConfig } from '../../sync-server/src/config.ts'
import { createContext } from '../../sync-server/src/context.ts'
import { createLogger } from '../../sync-server/src/logger.ts'
import { startMetricsListener } from '../../sync-server/src/metrics/metrics-listener.ts'
import { hashToken, newToken } from '../../sync-server/src/security/tokens.ts'

// BENCH_DATA_DIR lets a benchmark prepare media files first; otherwise a fresh temp folder.
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-'))
// DATABASE_URL: the same server on PostgreSQL (the watch-event bench's PostgreSQL lines).
// BENCH_CONFIG_ENV (a JSON object of settings) adds to them: the media bench's bucket (MEDIA_STORE=s3, S3_…).
const extraSettings = JSON.parse(process.env.BENCH_CONFIG_ENV ?? '{}') as Record<string, string>
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
  ...extraSettings,
})
// The production logger (batched writes), to a file.
const logger = createLogger(process.env.BENCH_LOG_LEVEL ?? 'info', path.join(dataDir, 'server.log'))
const ctx = await createContext(config, { logger })
const now = Date.now()
const user = await ctx.repositories.users.create('bench@example.com', process.env.BENCH_ADMIN === '1', new Date(now).toISOString())
const token = newToken()
await ctx.repositories.sessions.create(hashToken(token), user.id, now, now + 86_400_000)
await ctx.database.db
  .insertInto('daily_totals')
  .values({ user_id: user.id, day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(now), watch_seconds: 420, goal_minutes: 15 })
  .execute()
// Other users and sessions, so the token lookup is an index search, not a one-row table scan (through
// Kysely, so they are where users live on either engine).
await ctx.database.db.transaction().execute(async (trx) => {
  for (let chunk = 0; chunk < 20_000; chunk += 500) {
    const emails = Array.from({ length: 500 }, (_, i) => ({ email: `user${chunk + i}@example.com`, created_at: new Date(now).toISOString() }))
    const ids = await trx.insertInto('users').values(emails).returning('id').execute()
    await trx
      .insertInto('sessions')
      .values(ids.map(({ id }) => ({ token_hash: hashToken(newToken()), user_id: id, created_at: now, expires_at: now + 86_400_000 })))
      .execute()
  }
})
// A long published video for the watch-event benchmark, in whichever engine the server runs on.
const nowIso = new Date(now).toISOString()
const { id: videoId } = await ctx.database.db
  .insertInto('videos')
  .values({ language_code: 'vi', title: 'Bench', proficiency_level: 'beginner', access_level: 'free', duration_seconds: 86400, published_at: nowIso, created_at: nowIso })
  .returning('id')
  .executeTakeFirstOrThrow()
// BENCH_CONTRIBUTORS=N: N more signed-in users who may submit videos (the caption-writes bench's
// uploaders), their tokens printed in order.
const contributorTokens: string[] = []
for (let i = 0; i < Number(process.env.BENCH_CONTRIBUTORS ?? 0); i++) {
  const contributor = await ctx.repositories.users.create(`bench.contributor${i}@example.com`, false, nowIso)
  await ctx.database.db.updateTable('users').set({ is_contributor: 1 }).where('id', '=', contributor.id).execute()
  const contributorToken = newToken()
  await ctx.repositories.sessions.create(hashToken(contributorToken), contributor.id, now, now + 86_400_000)
  contributorTokens.push(contributorToken)
}
// BENCH_METRICS=1: the production metrics listener (its event-loop delay is this process's, which a
// bench in another process cannot measure itself), on a free port.
const metricsServer = process.env.BENCH_METRICS === '1' ? await startMetricsListener(ctx.metrics, { host: '127.0.0.1', port: 0 }, logger) : undefined
const metricsUrl = metricsServer ? `http://127.0.0.1:${(metricsServer.address() as { port: number }).port}/metrics` : undefined
const server = createApp(ctx).listen(0, '127.0.0.1', () => {
  // BENCH_TRACE=/tmp/x (the captions bench): at exit, to /tmp/x-server-PID.jsonl, each request's
  // times (connection accepted, first bytes, request parsed, answer finished; epoch ms) and each stall
  // of the main thread's loop over 40 ms with how much of it the thread ran and how much it waited for a
  // core (Linux schedstat); a PUT's arrival is noted with the monotonic clock too, to place it in a --cpu-prof.
  if (process.env.BENCH_TRACE) {
    const now = () => performance.timeOrigin + performance.now()
    const lines: string[] = []
    server.on('connection', (socket) => {
      const accepted = now()
      socket.once('data', () => ((socket as unknown as { firstData: number }).firstData = now()))
      ;(socket as unknown as { accepted: number }).accepted = accepted
    })
    server.on('request', (req, res) => {
      const arrive = now()
      if (req.method === 'PUT') lines.push(JSON.stringify({ mark: Number(process.hrtime.bigint() / 1000n), abs: arrive }))
      const socket = req.socket as unknown as { accepted: number; firstData?: number }
      res.on('finish', () => lines.push(JSON.stringify({ url: req.url, method: req.method, accepted: socket.accepted, firstData: socket.firstData, arrive, finish: now() })))
    })
    let last = now()
    const sched = () => fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number)
    let lastSched = sched()
    setInterval(() => {
      const t = now()
      const s = sched()
      if (t - last > 40) lines.push(JSON.stringify({ stall: t - last, at: last, cpu: (s[0]! - lastSched[0]!) / 1e6, waitCpu: (s[1]! - lastSched[1]!) / 1e6 }))
      last = t
      lastSched = s
    }, 5).unref()
    process.on('SIGTERM', () => fs.writeFileSync(`${process.env.BENCH_TRACE!}-server-${process.pid}.jsonl`, lines.join('\n')))
  }
  // As main.ts does once listening.
  ctx.services.watchEvents.warmUp()
  const address = server.address() as { port: number }
  const base = `http://127.0.0.1:${address.port}/api/v1`
  const mediaKey = process.env.BENCH_MEDIA_KEY
  const hlsUrl = mediaKey ? ctx.services.mediaGrants.playbackUrl({ userId: user.id, tokenHash: hashToken(token), mediaKey, previewSeconds: null }) : undefined
  console.log(JSON.stringify({ url: `${base}/me/daily_progress`, base, token, videoId, origin: `http://127.0.0.1:${address.port}`, hlsUrl, contributorTokens, metricsUrl }))
})
process.on('SIGTERM', () => {
  server.close()
  void ctx.close().finally(() => {
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
})
