// Baseline: a bare Express 5 JSON route with nothing else mounted.
import express from 'express'

const app = express()
app.get('/api/v1/me/daily_progress', (_req, res) => {
  res.json({ daily_goal_minutes: 15, today_watch_seconds: 0, date: '2026-11-22' })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}/api/v1/me/daily_progress` }))
})
