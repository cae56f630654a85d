import { WATCH_DAY_MAX_SECONDS } from '../../../contract/index.ts'
import type { Db } from '../db/connection.ts'

export type DailyTotalsRepository = ReturnType<typeof createDailyTotalsRepository>

export function createDailyTotalsRepository(db: Db) {
  const watched = db.prepare<[number, string], { watch_seconds: number }>(
    'SELECT watch_seconds FROM daily_totals WHERE user_id = ? AND day = ?',
  )
  // The goal in force on a day is the one set last that day; days already passed keep theirs.
  const recordGoal = db.prepare<[number, string, number]>(
    `INSERT INTO daily_totals (user_id, day, goal_minutes) VALUES (?, ?, ?)
     ON CONFLICT (user_id, day) DO UPDATE SET goal_minutes = excluded.goal_minutes`,
  )
  // No day holds more than WATCH_DAY_MAX_SECONDS, whatever is added to it.
  const addSeconds = db.prepare<[number, string, number, number]>(
    `INSERT INTO daily_totals (user_id, day, watch_seconds, goal_minutes) VALUES (?, ?, MIN(?, ${WATCH_DAY_MAX_SECONDS}), ?)
     ON CONFLICT (user_id, day) DO UPDATE SET watch_seconds = MIN(watch_seconds + excluded.watch_seconds, ${WATCH_DAY_MAX_SECONDS})`,
  )
  const allDays = db.prepare<[number], { day: string; watch_seconds: number; goal_minutes: number }>(
    'SELECT day, watch_seconds, goal_minutes FROM daily_totals WHERE user_id = ? ORDER BY day',
  )
  return {
    /** Adds watch time to a day; a day seen for the first time takes `goalMinutes`, the goal in force that day. */
    addSeconds: (userId: number, day: string, seconds: number, goalMinutes: number) =>
      void addSeconds.run(userId, day, seconds, goalMinutes),
    allForUser: (userId: number) => allDays.all(userId),
    watchSeconds: (userId: number, day: string) => watched.get(userId, day)?.watch_seconds ?? 0,
    recordGoalForDay: (userId: number, day: string, goalMinutes: number) => void recordGoal.run(userId, day, goalMinutes),
  }
}
