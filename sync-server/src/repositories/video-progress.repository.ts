import type { Db } from '../db/connection.ts'

export interface VideoProgressRow {
  user_id: number
  video_id: number
  spans: string
  covered_seconds: number
  watch_seconds: number
  last_position_seconds: number
  last_watched_at: string
}

export type VideoProgressRepository = ReturnType<typeof createVideoProgressRepository>

export function createVideoProgressRepository(db: Db) {
  const get = db.prepare<[number, number], VideoProgressRow>('SELECT * FROM video_progress WHERE user_id = ? AND video_id = ?')
  const upsert = db.prepare<VideoProgressRow>(
    `INSERT INTO video_progress (user_id, video_id, spans, covered_seconds, watch_seconds, last_position_seconds, last_watched_at)
     VALUES (@user_id, @video_id, @spans, @covered_seconds, @watch_seconds, @last_position_seconds, @last_watched_at)
     ON CONFLICT (user_id, video_id) DO UPDATE SET spans = excluded.spans, covered_seconds = excluded.covered_seconds,
       watch_seconds = excluded.watch_seconds, last_position_seconds = excluded.last_position_seconds,
       last_watched_at = excluded.last_watched_at`,
  )
  const forLanguage = db.prepare<[number, string], VideoProgressRow & { duration_seconds: number }>(
    `SELECT p.*, v.duration_seconds FROM video_progress p JOIN videos v ON v.id = p.video_id
      WHERE p.user_id = ? AND v.language_code = ? ORDER BY p.last_watched_at DESC`,
  )
  const forVideos = db.prepare<[number, string], VideoProgressRow>(
    'SELECT p.* FROM video_progress p WHERE p.user_id = ? AND p.video_id IN (SELECT value FROM json_each(?))',
  )
  return {
    get: (userId: number, videoId: number) => get.get(userId, videoId),
    save: (row: VideoProgressRow) => void upsert.run(row),
    /** The user's progress rows in one language, most recently watched first. */
    forLanguage: (userId: number, languageCode: string) => forLanguage.all(userId, languageCode),
    forVideos: (userId: number, videoIds: readonly number[]) => forVideos.all(userId, JSON.stringify(videoIds)),
  }
}
