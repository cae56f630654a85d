import type { Db } from '../db/connection.ts'
import type { Interval } from '../watching/covered-time.ts'

export type WatchCoverageRepository = ReturnType<typeof createWatchCoverageRepository>

export function createWatchCoverageRepository(db: Db) {
  // Intervals are disjoint and do not touch, so of those starting before `from` only the last can reach it.
  const around = db.prepare<[number, number, number, number, number], { start_ms: number; end_ms: number }>(
    `SELECT start_ms, end_ms FROM watch_coverage
      WHERE user_id = ?
        AND start_ms >= COALESCE((SELECT MAX(start_ms) FROM watch_coverage WHERE user_id = ? AND start_ms < ?), ?)
        AND start_ms <= ?
      ORDER BY start_ms`,
  )
  const upsert = db.prepare<[number, number, number]>(
    `INSERT INTO watch_coverage (user_id, start_ms, end_ms) VALUES (?, ?, ?)
     ON CONFLICT (user_id, start_ms) DO UPDATE SET end_ms = excluded.end_ms`,
  )
  const remove = db.prepare<[number, number]>('DELETE FROM watch_coverage WHERE user_id = ? AND start_ms = ?')
  return {
    /** The user's covered intervals that overlap or touch [fromMs, toMs], in order. */
    around(userId: number, fromMs: number, toMs: number): Interval[] {
      return around.all(userId, userId, fromMs, fromMs, toMs).map((row) => [row.start_ms, row.end_ms] as const)
    },
    save(userId: number, changes: { upsert: readonly Interval[]; removed: readonly number[] }) {
      for (const start of changes.removed) remove.run(userId, start)
      for (const [start, end] of changes.upsert) upsert.run(userId, start, end)
    },
  }
}
