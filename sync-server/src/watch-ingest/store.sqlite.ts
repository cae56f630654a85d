/**
 * The watch-event ingest store on SQLite (watch-ingest/store.ts), hand-written over a
 * better-sqlite3 connection: synchronous prepared statements, positional parameters, one insert
 * statement run per event. The ingest thread uses it on its own connection inside its group commit
 * (watch-ingest/sqlite-ingest.ts). The Kysely repository (watch-ingest/store.kysely.ts) runs
 * the same on SQLite too, at about half the rate (bench/watch-ingest-stores.ts: 0.52-0.53 of this
 * store, far past the 5% a hot path may give up), so SQLite keeps its own SQL here.
 */
import { DAILY_GOAL_DEFAULT_MINUTES } from '../../../contract/index.ts'
import { capDaySeconds, cappedDaySumSql } from '../rules/day-total.ts'
import type { Interval } from '../rules/covered-time.ts'
import type { VideoProgressRow, WatchableVideoRow, WatchIngestStore } from './store.ts'
import type { Db } from '../db/connection.ts'

/**
 * Stored events a batch's id range may hold before its ids are probed one by one instead: past about
 * twice a batch, reading the range costs more than the probes.
 */
export const STORED_RANGE_MAX = 1000

export function createSqliteIngestStore(db: Db): WatchIngestStore {
  // Which of a batch's ids are stored, read as the range of the primary key (user_id, client_id) between
  // its least and greatest id. UUIDv7 ids sort by time, and one sync covers a short stretch of the
  // learner's history, so a new batch costs one index seek that finds nothing: 67 µs a batch of 500,
  // against 300 µs for probing each id (json_each), measured on a learner with 100,000 events. A range
  // holding more than STORED_RANGE_MAX events (ids from far apart, or two devices syncing the same
  // hours) falls back to the probes.
  const storedInRange = db
    .prepare<[number, string, string, number]>('SELECT client_id FROM watch_events WHERE user_id = ? AND client_id >= ? AND client_id <= ? LIMIT ?')
    .pluck()
  const stored = db
    .prepare<[number, string]>('SELECT client_id FROM watch_events WHERE user_id = ? AND client_id IN (SELECT value FROM json_each(?))')
    .pluck()
  function storedClientIds(userId: number, clientIds: readonly string[]): ReadonlySet<string> {
    if (clientIds.length === 0) return new Set()
    let least = clientIds[0]
    let greatest = clientIds[0]
    for (const id of clientIds) {
      if (id < least) least = id
      else if (id > greatest) greatest = id
    }
    const inRange = storedInRange.all(userId, least, greatest, STORED_RANGE_MAX + 1) as string[]
    if (inRange.length === 0) return new Set()
    if (inRange.length > STORED_RANGE_MAX) return new Set(stored.all(userId, JSON.stringify(clientIds)) as string[])
    const asked = new Set(clientIds)
    return new Set(inRange.filter((id) => asked.has(id)))
  }
  const video = db.prepare<[number], WatchableVideoRow>('SELECT id, language_code, access_level, duration_seconds, published_at FROM videos WHERE id = ?')
  // Intervals are disjoint and do not touch, so of those starting before `from` only the last can reach it.
  const around = db.prepare<[number, number, number, number, number], { start_ms: number; end_ms: number }>(
    `SELECT start_ms, end_ms FROM watch_coverage
      WHERE user_id = ?
        AND start_ms >= COALESCE((SELECT MAX(start_ms) FROM watch_coverage WHERE user_id = ? AND start_ms < ?), ?)
        AND start_ms <= ?
      ORDER BY start_ms`,
  )
  const upsertCoverage = db.prepare<[number, number, number]>(
    `INSERT INTO watch_coverage (user_id, start_ms, end_ms) VALUES (?, ?, ?)
     ON CONFLICT (user_id, start_ms) DO UPDATE SET end_ms = excluded.end_ms`,
  )
  const removeCoverage = db.prepare<[number, number]>('DELETE FROM watch_coverage WHERE user_id = ? AND start_ms = ?')
  const progress = db.prepare<[number, number], VideoProgressRow>('SELECT * FROM video_progress WHERE user_id = ? AND video_id = ?')
  const saveProgress = db.prepare<[number, number, string, number, number, number, string]>(
    `INSERT INTO video_progress (user_id, video_id, spans, covered_seconds, watch_seconds, last_position_seconds, last_watched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, video_id) DO UPDATE SET spans = excluded.spans, covered_seconds = excluded.covered_seconds,
       watch_seconds = excluded.watch_seconds, last_position_seconds = excluded.last_position_seconds,
       last_watched_at = excluded.last_watched_at`,
  )
  const goal = db
    .prepare<[number, string]>('SELECT goal_minutes FROM daily_goal_changes WHERE user_id = ? AND day <= ? ORDER BY day DESC LIMIT 1')
    .pluck()
  // The day's cap is rules/day-total.ts's: the first write's seconds capped before binding, the sum in SQL.
  const addSeconds = db.prepare<[number, string, number, number, number]>(
    `INSERT INTO daily_totals (user_id, day, watch_seconds, goal_minutes, listen_seconds) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, day) DO UPDATE SET watch_seconds = ${cappedDaySumSql('watch_seconds', 'excluded.watch_seconds')},
       listen_seconds = ${cappedDaySumSql('listen_seconds', 'excluded.listen_seconds')}`,
  )
  // Positional parameters: binding by name costs a property lookup per column, 500 times a batch.
  const insert = db.prepare<[number, string, number, number, number, number, number, string, string, string, string]>(
    `INSERT INTO watch_events (user_id, client_id, video_id, position_from, position_to, watched_seconds, playback_rate, occurred_at, day, received_at, mode)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, client_id) DO NOTHING`,
  )

  return {
    storedClientIds,
    videosForWatching: (videoIds) => videoIds.flatMap((id) => video.get(id) ?? []),
    coverageAround: (userId, fromMs, toMs) =>
      around.all(userId, userId, fromMs, fromMs, toMs).map((row): Interval => [row.start_ms, row.end_ms]),
    saveCoverage(userId, changes) {
      for (const start of changes.removed) removeCoverage.run(userId, start)
      for (const [start, end] of changes.upsert) upsertCoverage.run(userId, start, end)
    },
    progressOf: (userId, videoIds) => videoIds.flatMap((id) => progress.get(userId, id) ?? []),
    saveProgress(rows) {
      for (const row of rows) {
        saveProgress.run(row.user_id, row.video_id, row.spans, row.covered_seconds, row.watch_seconds, row.last_position_seconds, row.last_watched_at)
      }
    },
    goalInForceOn: (userId, day) => (goal.get(userId, day) as number | undefined) ?? DAILY_GOAL_DEFAULT_MINUTES,
    addDaySeconds: (userId, day, seconds, goalMinutes, listenedSeconds) =>
      void addSeconds.run(userId, day, capDaySeconds(seconds), goalMinutes, capDaySeconds(listenedSeconds)),
    insertEvents(userId, receivedAt, events) {
      let inserted = 0
      for (let i = 0; i < events.clientIds.length; i++) {
        inserted += insert.run(
          userId,
          events.clientIds[i],
          events.videoIds[i],
          events.positionsFrom[i],
          events.positionsTo[i],
          events.watchedSeconds[i],
          events.playbackRates[i],
          events.occurredAt[i],
          events.days[i],
          receivedAt,
          events.listened[i] === 1 ? 'listened' : 'watched',
        ).changes
      }
      return inserted
    },
  }
}
