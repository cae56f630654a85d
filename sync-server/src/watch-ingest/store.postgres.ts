/**
 * The watch-event ingest store on PostgreSQL, in three statements a batch instead of about nine (issue
 * 16: the ingest ran at 0.46 of raw pg multi-row inserts, most of the gap being round trips).
 * - `readAhead`: which ids are stored (by key probes: see there), the videos, the covered time and the
 *   progress rows, in one SELECT (after the user's lock, in its own statement, so its snapshot sees the
 *   lock holder's commit).
 *   The read methods then answer from it; a question it does not cover goes to the database as before.
 * - Writes are kept until `flush`, which sends them as one statement of data-modifying CTEs: the new
 *   events, the covered time (removed and upserted starts never overlap: CoveredTime.changes), the day
 *   totals and the progress rows, each table written by one CTE so no row is touched twice. The events'
 *   count is checked there: a batch whose events were stored meanwhile throws ConcurrentIngestError and
 *   its transaction is undone, as when the service checked it.
 * Each write is the SQL of the Kysely repository it stands for (watch-events, daily-totals'
 * addSeconds, video-progress' save), hand-written here because a data-modifying CTE is PostgreSQL's
 * alone; the rules stay in the service, and pool-ingest.postgres.test.ts and the routes' tests check
 * the counts on this store. Rows go as arrays through unnest, one parameter a column.
 */
import { sql, type Kysely } from 'kysely'
import { capDaySeconds, cappedDaySumSql } from '../rules/day-total.ts'
import { createKyselyIngestStore } from './store.kysely.ts'
import { ConcurrentIngestError } from './store-batch.ts'
import type { Interval } from '../rules/covered-time.ts'
import type { NewWatchEvents, VideoProgressRow, WatchableVideoRow, WatchIngestStore } from './store.ts'
import type { Database } from '../db/schema.ts'

interface ReadAhead {
  clientIds: Set<string>
  stored: Set<string>
  videoIds: Set<number>
  videos: WatchableVideoRow[]
  progress: VideoProgressRow[]
  /** Covered intervals from the last one starting before `fromMs` to `toMs` (null: none asked). */
  coverage: { fromMs: number; toMs: number; intervals: Interval[] } | null
}

interface PendingWrites {
  events?: { receivedAt: string; events: NewWatchEvents }
  coverage?: { upsert: readonly Interval[]; removed: readonly number[] }
  days: Array<{ day: string; seconds: number; goalMinutes: number; listenedSeconds: number }>
  progress?: readonly VideoProgressRow[]
}

/**
 * Which of `clientIds` the learner has stored, as a text[] expression: one probe of the
 * (user_id, client_id) key per id asked. Written as user_id = … AND client_id = ANY(…), the planner read
 * every event of the learner instead (a bitmap or sequential scan filtering 40,000 rows for 500 ids:
 * 5-10 ms a batch, growing with their history); a LATERAL subquery with LIMIT stays a nested loop of
 * index probes (under 1 ms, whatever the history).
 */
export function storedAmong(userId: number, clientIds: readonly string[]) {
  return sql<string[]>`ARRAY(SELECT asked.id FROM unnest(${clientIds}::text[]) AS asked(id)
    CROSS JOIN LATERAL (SELECT 1 FROM watch_events WHERE user_id = ${userId} AND client_id = asked.id LIMIT 1) AS found)`
}

/** `trx`: the batch's transaction, after the user's lock. */
export function createPostgresIngestStore(trx: Kysely<Database>): WatchIngestStore {
  const direct = createKyselyIngestStore(trx)
  let ahead: ReadAhead | undefined
  let userOfBatch: number | undefined
  const pending: PendingWrites = { days: [] }

  const covers = <T>(asked: readonly T[], known: Set<T> | undefined) => known !== undefined && asked.every((value) => known.has(value))

  return {
    async readAhead(userId, question) {
      const { clientIds, videoIds, fromMs, toMs } = question
      const coverage = fromMs !== null && toMs !== null ? { fromMs, toMs } : null
      const { rows } = await sql<{ stored: string[]; videos: WatchableVideoRow[]; coverage: Array<[number, number]>; progress: VideoProgressRow[] }>`
        SELECT
          ${storedAmong(userId, [...clientIds])} AS stored,
          (SELECT coalesce(json_agg(json_build_object('id', id, 'language_code', language_code, 'access_level', access_level,
                  'duration_seconds', duration_seconds, 'published_at', published_at)), '[]'::json)
             FROM videos WHERE id = ANY(${[...videoIds]}::bigint[])) AS videos,
          (SELECT coalesce(json_agg(json_build_array(start_ms, end_ms) ORDER BY start_ms), '[]'::json)
             FROM watch_coverage
            WHERE user_id = ${userId}
              AND start_ms >= coalesce((SELECT max(start_ms) FROM watch_coverage WHERE user_id = ${userId} AND start_ms < ${coverage?.fromMs ?? null}::bigint),
                                       ${coverage?.fromMs ?? null}::bigint)
              AND start_ms <= ${coverage?.toMs ?? null}::bigint) AS coverage,
          (SELECT coalesce(json_agg(p), '[]'::json) FROM video_progress p WHERE user_id = ${userId} AND video_id = ANY(${[...videoIds]}::bigint[])) AS progress
      `.execute(trx)
      const row = rows[0]!
      userOfBatch = userId
      ahead = {
        clientIds: new Set(clientIds),
        stored: new Set(row.stored),
        videoIds: new Set(videoIds),
        videos: row.videos,
        progress: row.progress,
        coverage: coverage && { ...coverage, intervals: row.coverage.map(([start, end]): Interval => [Number(start), Number(end)]) },
      }
    },

    storedClientIds(userId, clientIds) {
      if (userId === userOfBatch && covers(clientIds, ahead?.clientIds)) return new Set(clientIds.filter((id) => ahead!.stored.has(id)))
      return direct.storedClientIds(userId, clientIds)
    },

    videosForWatching(videoIds) {
      if (covers(videoIds, ahead?.videoIds)) {
        const asked = new Set(videoIds)
        return ahead!.videos.filter((video) => asked.has(video.id))
      }
      return direct.videosForWatching(videoIds)
    },

    coverageAround(userId, fromMs, toMs) {
      const known = userId === userOfBatch ? ahead?.coverage : undefined
      if (!known || fromMs < known.fromMs || toMs > known.toMs) return direct.coverageAround(userId, fromMs, toMs)
      // The same rows as the query: from the last interval starting before `fromMs` (or `fromMs`) to `toMs`.
      let from = fromMs
      for (const [start] of known.intervals) if (start < fromMs) from = start
      return known.intervals.filter(([start]) => start >= from && start <= toMs)
    },

    progressOf(userId, videoIds) {
      if (userId === userOfBatch && covers(videoIds, ahead?.videoIds)) {
        const asked = new Set(videoIds)
        return ahead!.progress.filter((row) => asked.has(row.video_id))
      }
      return direct.progressOf(userId, videoIds)
    },

    goalInForceOn: (userId, day) => direct.goalInForceOn(userId, day),

    // Kept for flush: the service checks nothing of these before the batch ends.
    insertEvents(userId, receivedAt, events) {
      userOfBatch = userId
      pending.events = { receivedAt, events }
      return events.clientIds.length
    },
    saveCoverage(userId, changes) {
      userOfBatch = userId
      pending.coverage = changes
    },
    addDaySeconds(userId, day, seconds, goalMinutes, listenedSeconds) {
      userOfBatch = userId
      pending.days.push({ day, seconds, goalMinutes, listenedSeconds })
    },
    saveProgress(rows) {
      pending.progress = rows
    },

    async flush() {
      const userId = userOfBatch
      const { events, coverage, days, progress } = pending
      if (userId === undefined) return
      const parts: ReturnType<typeof sql>[] = []
      if (events && events.events.clientIds.length > 0) {
        const e = events.events
        parts.push(sql`new_events AS (
          INSERT INTO watch_events (user_id, client_id, video_id, position_from, position_to, watched_seconds, playback_rate, occurred_at, day, received_at, mode)
          SELECT ${userId}::bigint, c, v, f, t, w, r, o, d, ${events.receivedAt}::text, CASE WHEN l = 1 THEN 'listened' ELSE 'watched' END
            FROM unnest(${e.clientIds}::text[], ${e.videoIds}::bigint[], ${e.positionsFrom}::float8[], ${e.positionsTo}::float8[],
                        ${e.watchedSeconds}::float8[], ${e.playbackRates}::float8[], ${e.occurredAt}::text[], ${e.days}::text[],
                        ${e.listened}::int[]) AS x(c, v, f, t, w, r, o, d, l)
          ON CONFLICT (user_id, client_id) DO NOTHING
          RETURNING 1)`)
      }
      if (coverage && coverage.removed.length > 0) {
        parts.push(sql`removed_coverage AS (
          DELETE FROM watch_coverage WHERE user_id = ${userId} AND start_ms = ANY(${[...coverage.removed]}::bigint[]) RETURNING 1)`)
      }
      if (coverage && coverage.upsert.length > 0) {
        parts.push(sql`upserted_coverage AS (
          INSERT INTO watch_coverage (user_id, start_ms, end_ms)
          SELECT ${userId}::bigint, s, e FROM unnest(${coverage.upsert.map(([start]) => start)}::bigint[], ${coverage.upsert.map(([, end]) => end)}::bigint[]) AS x(s, e)
          ON CONFLICT (user_id, start_ms) DO UPDATE SET end_ms = excluded.end_ms
          RETURNING 1)`)
      }
      if (days.length > 0) {
        // daily-totals.repository.ts addSeconds: a first day takes the goal; the cap is rules/day-total.ts's.
        parts.push(sql`day_totals AS (
          INSERT INTO daily_totals AS t (user_id, day, watch_seconds, goal_minutes, listen_seconds)
          SELECT ${userId}::bigint, d, s, g, l
            FROM unnest(${days.map((day) => day.day)}::text[], ${days.map((day) => capDaySeconds(day.seconds))}::float8[], ${days.map((day) => day.goalMinutes)}::int[],
                        ${days.map((day) => capDaySeconds(day.listenedSeconds))}::float8[]) AS x(d, s, g, l)
          ON CONFLICT (user_id, day) DO UPDATE SET watch_seconds = ${sql.raw(cappedDaySumSql('t.watch_seconds', 'excluded.watch_seconds'))},
            listen_seconds = ${sql.raw(cappedDaySumSql('t.listen_seconds', 'excluded.listen_seconds'))}
          RETURNING 1)`)
      }
      if (progress && progress.length > 0) {
        // video-progress.repository.ts save.
        parts.push(sql`saved_progress AS (
          INSERT INTO video_progress (user_id, video_id, spans, covered_seconds, watch_seconds, last_position_seconds, last_watched_at)
          SELECT * FROM unnest(${progress.map((row) => row.user_id)}::bigint[], ${progress.map((row) => row.video_id)}::bigint[], ${progress.map((row) => row.spans)}::text[],
                               ${progress.map((row) => row.covered_seconds)}::float8[], ${progress.map((row) => row.watch_seconds)}::float8[],
                               ${progress.map((row) => row.last_position_seconds)}::float8[], ${progress.map((row) => row.last_watched_at)}::text[])
          ON CONFLICT (user_id, video_id) DO UPDATE SET spans = excluded.spans, covered_seconds = excluded.covered_seconds,
            watch_seconds = excluded.watch_seconds, last_position_seconds = excluded.last_position_seconds, last_watched_at = excluded.last_watched_at
          RETURNING 1)`)
      }
      if (parts.length === 0) return
      const counted = events && events.events.clientIds.length > 0 ? sql`(SELECT count(*) FROM new_events)` : sql`0`
      const { rows } = await sql<{ inserted: number }>`WITH ${sql.join(parts)} SELECT ${counted}::int AS inserted`.execute(trx)
      const expected = events?.events.clientIds.length ?? 0
      const inserted = rows[0]!.inserted
      if (inserted !== expected) throw new ConcurrentIngestError(`${expected - inserted} of the batch's events were stored meanwhile`)
    },
  }
}
