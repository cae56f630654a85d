// Baseline for GET /me/daily_progress on PostgreSQL: a bare Express 5 route doing the same read as
// the server (the token's hash, then the session joined to its user and to the day's seconds in one
// statement) on the same database (DATABASE_URL, filled by app-server.ts), through a pool of the
// server's size, and nothing else.
import { hash } from 'node:crypto'
import express from 'express'
import { createPool } from '../../sync-server/src/db/dialect/postgres.ts'

const pool = createPool(process.env.DATABASE_URL!)
const ZONE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' })
const app = express()
app.get('/api/v1/me/daily_progress', async (req, res) => {
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1]
  if (!token) return void res.status(401).json({ error: 'unauthorized' })
  const date = ZONE.format(Date.now())
  const { rows } = await pool.query<{ id: number; daily_goal_minutes: number; day_watch_seconds: number }>({
    name: 'bare-session-day',
    text: `SELECT u.*, s.expires_at AS session_expires_at, COALESCE(d.watch_seconds, 0) AS day_watch_seconds
             FROM sessions s JOIN users u ON u.id = s.user_id
             LEFT JOIN daily_totals d ON d.user_id = s.user_id AND d.day = $1
            WHERE s.token_hash = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`,
    values: [date, hash('sha256', token, 'hex'), Date.now()],
  })
  const user = rows[0]
  if (!user) return void res.status(401).json({ error: 'unauthorized' })
  res.json({ daily_goal_minutes: user.daily_goal_minutes, today_watch_seconds: Math.round(user.day_watch_seconds), date })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}/api/v1/me/daily_progress` }))
})
// Ended at once: requests still open on kept-alive connections need no answer.
process.on('SIGTERM', () => process.exit(0))
