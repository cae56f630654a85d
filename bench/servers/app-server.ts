// The real server on a temp DATA_DIR, logging at info to a file as in production, with one signed-in
// user whose token it prints for the load generator.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { createApp } from '../../sync-server/src/app.ts'
import { loadConfig } from '../../sync-server/src/config.ts'
import { createContext } from '../../sync-server/src/context.ts'
import { hashToken, newToken } from '../../sync-server/src/security/tokens.ts'

// BENCH_DATA_DIR lets a benchmark prepare media files first; otherwise a fresh temp folder.
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-'))
const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'info' })
const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'info' }, pino.destination({ dest: path.join(dataDir, 'server.log'), sync: false }))
const ctx = await createContext(config, { logger })
const now = Date.now()
const user = ctx.repositories.users.create('bench@example.com', process.env.BENCH_ADMIN === '1', new Date(now).toISOString())
const token = newToken()
ctx.repositories.sessions.create(hashToken(token), user.id, now, now + 86_400_000)
ctx.db.prepare('INSERT INTO daily_totals (user_id, day, watch_seconds, goal_minutes) VALUES (?, ?, ?, ?)').run(
  user.id,
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(now),
  420,
  15,
)
// Other users and sessions, so the token lookup is an index search, not a one-row table scan.
const insertUser = ctx.db.prepare('INSERT INTO users (email, created_at) VALUES (?, ?)')
const insertSession = ctx.db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
ctx.db.transaction(() => {
  for (let i = 0; i < 20_000; i++) {
    const id = Number(insertUser.run(`user${i}@example.com`, new Date(now).toISOString()).lastInsertRowid)
    insertSession.run(hashToken(newToken()), id, now, now + 86_400_000)
  }
})()
// A long published video for the watch-event benchmark.
const videoId = Number(
  ctx.db
    .prepare(
      `INSERT INTO videos (language_code, title, proficiency_level, access_level, duration_seconds, published_at, created_at)
       VALUES ('vi', 'Bench', 'beginner', 'free', 86400, ?, ?)`,
    )
    .run(new Date(now).toISOString(), new Date(now).toISOString()).lastInsertRowid,
)
const server = createApp(ctx).listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  const base = `http://127.0.0.1:${address.port}/api/v1`
  const mediaKey = process.env.BENCH_MEDIA_KEY
  const hlsUrl = mediaKey ? ctx.services.mediaGrants.playbackUrl({ userId: user.id, tokenHash: hashToken(token), mediaKey, previewSeconds: null }) : undefined
  console.log(JSON.stringify({ url: `${base}/me/daily_progress`, base, token, videoId, origin: `http://127.0.0.1:${address.port}`, hlsUrl }))
})
process.on('SIGTERM', () => {
  server.close()
  void ctx.close().finally(() => {
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
})
