/**
 * The watch-event ingest's own synchronous SQL for videos and progress. The ingest runs on a thread
 * of its own with its own better-sqlite3 connection and commits batches in one synchronous
 * transaction (watching/ingest-worker.ts, services/watch-events.service.ts), so it cannot use the
 * async Kysely repositories (catalogue, video-progress) yet. These are the statements those
 * repositories held before moving to Kysely; they go away when the ingest moves (issue 16).
 */
import type { Db } from '../db/connection.ts'
import type { WatchableVideoRow } from './catalogue.repository.ts'
import type { VideoProgressRow } from './video-progress.repository.ts'

export type IngestCatalogue = ReturnType<typeof createIngestCatalogue>
export type IngestVideoProgress = ReturnType<typeof createIngestVideoProgress>

export function createIngestCatalogue(db: Db) {
  const forWatching = db.prepare<[number], WatchableVideoRow>(
    'SELECT id, language_code, access_level, duration_seconds, published_at FROM videos WHERE id = ?',
  )
  return { findForWatching: (id: number) => forWatching.get(id) }
}

export function createIngestVideoProgress(db: Db) {
  const get = db.prepare<[number, number], VideoProgressRow>('SELECT * FROM video_progress WHERE user_id = ? AND video_id = ?')
  const upsert = db.prepare<VideoProgressRow>(
    `INSERT INTO video_progress (user_id, video_id, spans, covered_seconds, watch_seconds, last_position_seconds, last_watched_at)
     VALUES (@user_id, @video_id, @spans, @covered_seconds, @watch_seconds, @last_position_seconds, @last_watched_at)
     ON CONFLICT (user_id, video_id) DO UPDATE SET spans = excluded.spans, covered_seconds = excluded.covered_seconds,
       watch_seconds = excluded.watch_seconds, last_position_seconds = excluded.last_position_seconds,
       last_watched_at = excluded.last_watched_at`,
  )
  return {
    get: (userId: number, videoId: number) => get.get(userId, videoId),
    save: (row: VideoProgressRow) => void upsert.run(row),
  }
}
