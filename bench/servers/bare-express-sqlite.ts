// Floor for GET /me/daily_progress on SQLite: a bare Express 5 route doing the same two lookups as the
// server (the token's hash, the session joined to its user, today's seconds) on the same SQLite file
// (BENCH_DATA_DIR, filled by app-server.ts), with prepared statements and nothing else: no logging,
// headers, body rules or other routes. What is left between it and the server is ours.
import { hash } from 'node:crypto'
import express from 'express'
import { openDatabase } from '../../sync-server/src/db/connection.ts'

const db = openDatabase(process.env.BENCH_DATA_DIR!)
const session = db.prepare<[string, number], { id: number; daily_goal_minutes: number }>(
  `SELECT u.*, s.expires_at AS session_expires_at FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
)
const seconds = db.prepare<[number, string], number>('SELECT watch_seconds FROM daily_totals WHERE user_id = ? AND day = ?').pluck(true)
const ZONE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' })
const app = express()
app.get('/api/v1/me/daily_progress', (req, res) => {
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1]
  if (!token) return void res.status(401).json({ error: 'unauthorized' })
  const user = session.get(hash('sha256', token, 'hex'), Date.now())
  if (!user) return void res.status(401).json({ error: 'unauthorized' })
  const date = ZONE.format(Date.now())
  res.json({ daily_goal_minutes: user.daily_goal_minutes, today_watch_seconds: Math.round(seconds.get(user.id, date) ?? 0), date })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}/api/v1/me/daily_progress` }))
})
process.on('SIGTERM', () => process.exit(0))
