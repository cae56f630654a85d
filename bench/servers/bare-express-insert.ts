// Reference for the watch-event ingest: a bare Express 5 route that parses the batch and only inserts
// the rows (no auth, no rules, no day totals or progress) into the same schema, answering the ids.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { openDatabase } from '../../sync-server/src/db/connection.ts'
import { migrate } from '../../sync-server/src/db/migrate.ts'

interface Row {
  client_id: string
  video_id: number
  position_from: number
  position_to: number
  watched_seconds: number
  playback_rate: number
  occurred_at: string
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-bare-insert-'))
const db = openDatabase(dataDir)
migrate(db)
const now = new Date().toISOString()
const userId = Number(db.prepare("INSERT INTO users (email, created_at) VALUES ('bare@example.com', ?)").run(now).lastInsertRowid)
const videoId = Number(
  db
    .prepare(
      `INSERT INTO videos (language_code, title, proficiency_level, access_level, duration_seconds, published_at, created_at)
       VALUES ('vi', 'Bench', 'beginner', 'free', 86400, ?, ?)`,
    )
    .run(now, now).lastInsertRowid,
)
const insert = db.prepare(
  `INSERT INTO watch_events (user_id, client_id, video_id, position_from, position_to, watched_seconds, playback_rate, occurred_at, day, received_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
)
const insertAll = db.transaction((events: Row[]) => {
  const accepted: string[] = []
  for (const e of events) {
    const { changes } = insert.run(userId, e.client_id, e.video_id, e.position_from, e.position_to, e.watched_seconds, e.playback_rate, e.occurred_at, e.occurred_at.slice(0, 10), now)
    if (changes === 1) accepted.push(e.client_id)
  }
  return accepted
})

const app = express()
app.post('/api/v1/watch_events', express.json({ limit: '256kb' }), (req, res) => {
  res.json({ data: { accepted: insertAll.immediate((req.body as { events: Row[] }).events), duplicate: [], rejected: [] } })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ base: `http://127.0.0.1:${address.port}/api/v1`, token: 'none-needed-by-this-reference', videoId }))
})
process.on('SIGTERM', () => {
  server.close()
  db.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
})
