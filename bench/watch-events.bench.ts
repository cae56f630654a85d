/**
 * POST /watch_events ingest on the real server (batches of 500, UUIDv7 ids, day totals and per-video
 * progress updated) against raw better-sqlite3 inserting the same rows in transactions of 500, in the
 * same run. Goal: ≥ 0.5 of raw SQLite.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { uuidv7 } from '../contract/index.ts'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { migrate } from '../sync-server/src/db/migrate.ts'
import { startChildServer } from './lib/child-server.ts'

const BATCH = 500
const BATCHES = 60
const IN_FLIGHT = 4

export interface WatchEventsBenchResult {
  events: number
  serverEventsPerSecond: number
  rawSqliteEventsPerSecond: number
  ratio: number
  goalMet: boolean
}

function makeBatches(videoId: number) {
  const start = Date.now() - 3_600_000
  return Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => {
      const n = b * BATCH + i
      const at = start + n * 100
      return {
        client_id: uuidv7(at),
        video_id: videoId,
        position_from: (n * 10) % 80_000,
        position_to: ((n * 10) % 80_000) + 10,
        watched_seconds: 10,
        playback_rate: 1,
        occurred_at: new Date(at).toISOString(),
      }
    }),
  )
}

async function serverRate(): Promise<{ rate: number; videoId: number; batches: ReturnType<typeof makeBatches> }> {
  const server = await startChildServer<{ base: string; token: string; videoId: number }>('app-server.ts')
  try {
    const { base, token, videoId } = server.info
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-time-zone': 'Asia/Ho_Chi_Minh' }
    const warmup = makeBatches(videoId).slice(0, 4)
    for (const events of warmup) await fetch(`${base}/watch_events`, { method: 'POST', headers, body: JSON.stringify({ events }) })
    const batches = makeBatches(videoId)
    const bodies = batches.map((events) => JSON.stringify({ events }))
    // A few requests in flight keep the server busy while the client reads answers, as many phones would.
    const queue = [...bodies]
    const started = performance.now()
    const sender = async () => {
      for (let body = queue.shift(); body; body = queue.shift()) {
        const response = await fetch(`${base}/watch_events`, { method: 'POST', headers, body })
        const result = (await response.json()) as { data: { accepted: string[]; rejected: unknown[] } }
        if (result.data.accepted.length !== BATCH) {
          throw new Error(`only ${result.data.accepted.length} of ${BATCH} accepted: ${JSON.stringify(result.data.rejected.slice(0, 2))}`)
        }
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender))
    const seconds = (performance.now() - started) / 1000
    return { rate: (BATCH * BATCHES) / seconds, videoId, batches }
  } finally {
    await server.stop()
  }
}

function rawSqliteRate(batches: ReturnType<typeof makeBatches>): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-raw-'))
  const db = openDatabase(dir)
  try {
    migrate(db)
    const now = new Date().toISOString()
    const userId = Number(db.prepare("INSERT INTO users (email, created_at) VALUES ('raw@example.com', ?)").run(now).lastInsertRowid)
    db.prepare(
      `INSERT INTO videos (id, language_code, title, proficiency_level, access_level, duration_seconds, published_at, created_at)
       VALUES (?, 'vi', 'Bench', 'beginner', 'free', 86400, ?, ?)`,
    ).run(batches[0][0].video_id, now, now)
    const insert = db.prepare(
      `INSERT INTO watch_events (user_id, client_id, video_id, position_from, position_to, watched_seconds, playback_rate, occurred_at, day, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    const insertBatch = db.transaction((events: (typeof batches)[number]) => {
      for (const e of events) {
        insert.run(userId, e.client_id, e.video_id, e.position_from, e.position_to, e.watched_seconds, e.playback_rate, e.occurred_at, e.occurred_at.slice(0, 10), now)
      }
    })
    const started = performance.now()
    for (const events of batches) insertBatch.immediate(events)
    return (BATCH * BATCHES) / ((performance.now() - started) / 1000)
  } finally {
    db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export async function runWatchEventsBench(): Promise<WatchEventsBenchResult> {
  const { rate, batches } = await serverRate()
  const raw = rawSqliteRate(batches)
  const ratio = rate / raw
  return { events: BATCH * BATCHES, serverEventsPerSecond: rate, rawSqliteEventsPerSecond: raw, ratio, goalMet: ratio >= 0.5 }
}
