// Floor for GET /me/daily_progress on SQLite: a bare Express 5 route doing the same read as the server
// (the token's hash, then the session joined to its user and to the day's seconds in one statement) on
// the same SQLite file (BENCH_DATA_DIR, filled by app-server.ts), with a prepared statement and nothing
// else: no logging, headers, body rules or other routes. What is left between it and the server is ours.
import { hash } from 'node:crypto'
import express from 'express'
import { openDatabase } from '../../sync-server/src/db/connection.ts'

const db = openDatabase(process.env.BENCH_DATA_DIR!)
const sessionAndDay = db.prepare<[string, string, number], { id: number; daily_goal_minutes: number; day_watch_seconds: number }>(
  `SELECT u.*, s.expires_at AS session_expires_at, COALESCE(d.watch_seconds, 0) AS day_watch_seconds
     FROM sessions s JOIN users u ON u.id = s.user_id
     LEFT JOIN daily_totals d ON d.user_id = s.user_id AND d.day = ?
    WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
)
const ZONE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' })
const app = express()
app.get('/api/v1/me/daily_progress', (req, res) => {
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1]
  if (!token) return void res.status(401).json({ error: 'unauthorized' })
  const date = ZONE.format(Date.now())
  const user = sessionAndDay.get(date, hash('sha256', token, 'hex'), Date.now())
  if (!user) return void res.status(401).json({ error: 'unauthorized' })
  res.json({ daily_goal_minutes: user.daily_goal_minutes, today_watch_seconds: Math.round(user.day_watch_seconds), date })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}/api/v1/me/daily_progress` }))
})
process.on('SIGTERM', () => process.exit(0))
