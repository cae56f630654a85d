import type { Db } from '../db/connection.ts'

export type WatchEventsRepository = ReturnType<typeof createWatchEventsRepository>

export function createWatchEventsRepository(db: Db) {
  // Positional parameters: binding by name costs a property lookup per column, 500 times a batch.
  const insert = db.prepare<[number, string, number, number, number, number, number, string, string, string]>(
    `INSERT INTO watch_events (user_id, client_id, video_id, position_from, position_to, watched_seconds, playback_rate, occurred_at, day, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, client_id) DO NOTHING`,
  )
  const exists = db.prepare<[number, string], { one: number }>('SELECT 1 AS one FROM watch_events WHERE user_id = ? AND client_id = ?')
  return {
    /** False when this (user, client_id) was already stored: the event is a duplicate. */
    insertOnce: (
      userId: number,
      clientId: string,
      videoId: number,
      from: number,
      to: number,
      watched: number,
      rate: number,
      occurredAt: string,
      day: string,
      receivedAt: string,
    ) => insert.run(userId, clientId, videoId, from, to, watched, rate, occurredAt, day, receivedAt).changes === 1,
    exists: (userId: number, clientId: string) => exists.get(userId, clientId) !== undefined,
  }
}
