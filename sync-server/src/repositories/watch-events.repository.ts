import type { Db } from '../db/connection.ts'

export interface WatchEventRow {
  user_id: number
  client_id: string
  video_id: number
  position_from: number
  position_to: number
  watched_seconds: number
  playback_rate: number
  occurred_at: string
  day: string
  received_at: string
}

export type WatchEventsRepository = ReturnType<typeof createWatchEventsRepository>

export function createWatchEventsRepository(db: Db) {
  const insert = db.prepare<WatchEventRow>(
    `INSERT INTO watch_events (user_id, client_id, video_id, position_from, position_to, watched_seconds, playback_rate, occurred_at, day, received_at)
     VALUES (@user_id, @client_id, @video_id, @position_from, @position_to, @watched_seconds, @playback_rate, @occurred_at, @day, @received_at)
     ON CONFLICT (user_id, client_id) DO NOTHING`,
  )
  const exists = db.prepare<[number, string], { one: number }>('SELECT 1 AS one FROM watch_events WHERE user_id = ? AND client_id = ?')
  return {
    /** False when this (user, client_id) was already stored: the event is a duplicate. */
    insertOnce: (row: WatchEventRow) => insert.run(row).changes === 1,
    exists: (userId: number, clientId: string) => exists.get(userId, clientId) !== undefined,
  }
}
