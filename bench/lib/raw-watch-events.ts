/**
 * Raw better-sqlite3 inserts of watch events into a fresh database of our schema: the baseline of the
 * ingest benchmark, used as it is by the bench and by the bare-Express reference server.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../sync-server/src/db/connection.ts'
import { migrateSqlite } from '../../sync-server/src/db/migrate.ts'

export interface WatchEventRow {
  client_id: string
  video_id: number
  position_from: number
  position_to: number
  watched_seconds: number
  playback_rate: number
  occurred_at: string
}

/** A temp database with one user and one video; `insertBatch` stores a batch in one transaction and answers the new ids. */
export function openRawWatchEvents(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  const db = openDatabase(dir)
  migrateSqlite(db)
  const now = new Date().toISOString()
  const userId = Number(db.prepare("INSERT INTO users (email, created_at) VALUES ('raw@example.com', ?)").run(now).lastInsertRowid)
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
  const insertBatch = db.transaction((events: WatchEventRow[]) => {
    const inserted: string[] = []
    for (const e of events) {
      const { changes } = insert.run(userId, e.client_id, e.video_id, e.position_from, e.position_to, e.watched_seconds, e.playback_rate, e.occurred_at, e.occurred_at.slice(0, 10), now)
      if (changes === 1) inserted.push(e.client_id)
    }
    return inserted
  })
  return {
    videoId,
    insertBatch: (events: WatchEventRow[]) => insertBatch.immediate(events),
    close() {
      db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
