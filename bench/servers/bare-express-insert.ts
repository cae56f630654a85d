// Reference for the watch-event ingest: a bare Express 5 route that parses the batch and only inserts
// the rows (no auth, no rules, no day totals or progress) into the same schema, answering the ids.
import express from 'express'
import { openRawWatchEvents, type WatchEventRow } from '../lib/raw-watch-events.ts'

const raw = openRawWatchEvents('dehieu-bench-bare-insert-')
const app = express()
app.post('/api/v1/watch_events', express.json({ limit: '256kb' }), (req, res) => {
  res.json({ data: { accepted: raw.insertBatch((req.body as { events: WatchEventRow[] }).events), duplicate: [], rejected: [] } })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ base: `http://127.0.0.1:${address.port}/api/v1`, token: 'none-needed-by-this-reference', videoId: raw.videoId }))
})
process.on('SIGTERM', () => {
  server.close()
  raw.close()
  process.exit(0)
})
