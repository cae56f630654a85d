// Baseline for GET /me/daily_progress on PostgreSQL: a bare Express 5 route doing the same lookup as
// the server (the token's hash, the session joined to its user, today's seconds) on the same database
// (DATABASE_URL, filled by app-server.ts), through a pool of the server's size, and nothing else.
import { hash } from 'node:crypto'
import express from 'express'
import { createPool } from '../../sync-server/src/db/dialect/postgres.ts'

const pool = createPool(process.env.DATABASE_URL!)
const ZONE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' })
const app = express()
app.get('/api/v1/me/daily_progress', async (req, res) => {
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1]
  if (!token) return void res.status(401).json({ error: 'unauthorized' })
  const { rows } = await pool.query<{ id: number; daily_goal_minutes: number }>({
    name: 'bare-session',
    text: `SELECT u.*, s.expires_at AS session_expires_at FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    values: [hash('sha256', token, 'hex'), Date.now()],
  })
  const user = rows[0]
  if (!user) return void res.status(401).json({ error: 'unauthorized' })
  const date = ZONE.format(Date.now())
  const totals = await pool.query<{ watch_seconds: number }>({
    name: 'bare-seconds',
    text: 'SELECT watch_seconds FROM daily_totals WHERE user_id = $1 AND day = $2',
    values: [user.id, date],
  })
  res.json({ daily_goal_minutes: user.daily_goal_minutes, today_watch_seconds: Math.round(totals.rows[0]?.watch_seconds ?? 0), date })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}/api/v1/me/daily_progress` }))
})
// Ended at once: requests still open on kept-alive connections need no answer.
process.on('SIGTERM', () => process.exit(0))
