/**
 * The watch-event ingest store (watch-ingest/store.ts) on Kysely, written once for both engines.
 * PostgreSQL's ingest uses it inside the transaction of each batch (watch-ingest/pool-ingest.ts); there the
 * database's time dominates (a store sending the batch as arrays through unnest was no faster: this
 * ran at 0.97 of it). SQLite's ingest thread keeps hand-written statements
 * (watch-ingest/store.sqlite.ts): on SQLite this runs at about half their rate
 * (bench/watch-ingest-stores.ts).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { Interval } from '../rules/covered-time.ts'
import type { WatchIngestStore } from './store.ts'
import { createDailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import { createDailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import { createVideoProgressRepository } from '../repositories/video-progress.repository.ts'

/** `db`: the batch's transaction. */
export function createKyselyIngestStore(db: Kysely<Database>): WatchIngestStore {
  const dailyTotals = createDailyTotalsRepository(db)
  const dailyGoals = createDailyGoalsRepository(db)
  const videoProgress = createVideoProgressRepository(db)
  return {
    async storedClientIds(userId, clientIds) {
      const rows = await db
        .selectFrom('watch_events')
        .select('client_id')
        .where('user_id', '=', userId)
        .where('client_id', 'in', [...clientIds])
        .execute()
      return new Set(rows.map((row) => row.client_id))
    },

    videosForWatching: (videoIds) =>
      db
        .selectFrom('videos')
        .select(['id', 'language_code', 'access_level', 'duration_seconds', 'published_at'])
        .where('id', 'in', [...videoIds])
        .execute(),

    async coverageAround(userId, fromMs, toMs) {
      // Intervals are disjoint and do not touch, so of those starting before `from` only the last can reach it.
      const lastBefore = db
        .selectFrom('watch_coverage')
        .select((eb) => eb.fn.max('start_ms').as('start_ms'))
        .where('user_id', '=', userId)
        .where('start_ms', '<', fromMs)
      const rows = await db
        .selectFrom('watch_coverage')
        .select(['start_ms', 'end_ms'])
        .where('user_id', '=', userId)
        .where('start_ms', '>=', (eb) => eb.fn.coalesce(lastBefore, eb.val(fromMs)))
        .where('start_ms', '<=', toMs)
        .orderBy('start_ms')
        .execute()
      return rows.map((row): Interval => [row.start_ms, row.end_ms])
    },

    async saveCoverage(userId, changes) {
      if (changes.removed.length > 0) {
        await db
          .deleteFrom('watch_coverage')
          .where('user_id', '=', userId)
          .where('start_ms', 'in', [...changes.removed])
          .execute()
      }
      if (changes.upsert.length > 0) {
        await db
          .insertInto('watch_coverage')
          .values(changes.upsert.map(([start_ms, end_ms]) => ({ user_id: userId, start_ms, end_ms })))
          .onConflict((conflict) => conflict.columns(['user_id', 'start_ms']).doUpdateSet((eb) => ({ end_ms: eb.ref('excluded.end_ms') })))
          .execute()
      }
    },

    progressOf: (userId, videoIds) =>
      db.selectFrom('video_progress').selectAll().where('user_id', '=', userId).where('video_id', 'in', [...videoIds]).execute(),

    saveProgress: (rows) => videoProgress.save(rows),

    // Day totals and goals: their own repositories' rules (the 24 h cap, the goal in force on a day).
    goalInForceOn: (userId, day) => dailyGoals.inForceOn(userId, day),
    addDaySeconds: (userId, day, seconds, goalMinutes, listenedSeconds) => dailyTotals.addSeconds(userId, day, seconds, goalMinutes, listenedSeconds),

    async insertEvents(userId, receivedAt, events) {
      const rows = events.clientIds.map((client_id, i) => ({
        user_id: userId,
        client_id,
        video_id: events.videoIds[i],
        position_from: events.positionsFrom[i],
        position_to: events.positionsTo[i],
        watched_seconds: events.watchedSeconds[i],
        playback_rate: events.playbackRates[i],
        occurred_at: events.occurredAt[i],
        day: events.days[i],
        received_at: receivedAt,
        mode: events.listened[i] === 1 ? ('listened' as const) : ('watched' as const),
      }))
      const result = await db
        .insertInto('watch_events')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0)
    },
  }
}
