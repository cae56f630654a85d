/**
 * Each user's daily goal by day (table daily_goal_changes, migration 0009): a row per local day on
 * which the goal changed, holding the goal set last that day.
 */
import { DAILY_GOAL_DEFAULT_MINUTES } from '../../../contract/index.ts'
import type { Db } from '../db/connection.ts'

export type DailyGoalsRepository = ReturnType<typeof createDailyGoalsRepository>

export function createDailyGoalsRepository(db: Db) {
  const record = db.prepare<[number, string, number]>(
    `INSERT INTO daily_goal_changes (user_id, day, goal_minutes) VALUES (?, ?, ?)
     ON CONFLICT (user_id, day) DO UPDATE SET goal_minutes = excluded.goal_minutes`,
  )
  const inForce = db.prepare<[number, string], { goal_minutes: number }>(
    'SELECT goal_minutes FROM daily_goal_changes WHERE user_id = ? AND day <= ? ORDER BY day DESC LIMIT 1',
  )
  return {
    /** A change of the goal on a local day; a later change the same day replaces it. */
    recordChange: (userId: number, day: string, goalMinutes: number) => void record.run(userId, day, goalMinutes),
    /**
     * The goal in force on a local day: the one of the latest change on or before it. A day before the
     * first recorded change had the default: every change is recorded when it is made (and the
     * migration seeded what was known before), so no recorded change means the goal had never been
     * changed yet, and the account had the default it starts with.
     */
    inForceOn: (userId: number, day: string) => inForce.get(userId, day)?.goal_minutes ?? DAILY_GOAL_DEFAULT_MINUTES,
  }
}
