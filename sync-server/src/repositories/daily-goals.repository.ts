/**
 * Each user's daily goal by day (table daily_goal_changes, migration 0009): a row per local day on
 * which the goal changed, holding the goal set last that day.
 */
import type { Kysely } from 'kysely'
import { DAILY_GOAL_DEFAULT_MINUTES } from '../../../contract/index.ts'
import type { Database } from '../db/schema.ts'

export type DailyGoalsRepository = ReturnType<typeof createDailyGoalsRepository>

export function createDailyGoalsRepository(db: Kysely<Database>) {
  return {
    /** A change of the goal on a local day; a later change the same day replaces it. */
    async recordChange(userId: number, day: string, goalMinutes: number): Promise<void> {
      await db
        .insertInto('daily_goal_changes')
        .values({ user_id: userId, day, goal_minutes: goalMinutes })
        .onConflict((conflict) => conflict.columns(['user_id', 'day']).doUpdateSet((eb) => ({ goal_minutes: eb.ref('excluded.goal_minutes') })))
        .execute()
    },
    /** Every change of the user's goal, oldest first: for a year of days, instead of a query per day. */
    changes(userId: number): Promise<Array<{ day: string; goal_minutes: number }>> {
      return db.selectFrom('daily_goal_changes').select(['day', 'goal_minutes']).where('user_id', '=', userId).orderBy('day').execute()
    },
    /**
     * The goal in force on a local day: the one of the latest change on or before it. A day before the
     * first recorded change had the default: every change is recorded when it is made (and the
     * migration seeded what was known before), so no recorded change means the goal had never been
     * changed yet, and the account had the default it starts with.
     */
    async inForceOn(userId: number, day: string): Promise<number> {
      const row = await db
        .selectFrom('daily_goal_changes')
        .select('goal_minutes')
        .where('user_id', '=', userId)
        .where('day', '<=', day)
        .orderBy('day', 'desc')
        .limit(1)
        .executeTakeFirst()
      return row?.goal_minutes ?? DAILY_GOAL_DEFAULT_MINUTES
    },
  }
}

/** The goal in force on `day` by the rule of inForceOn, from `changes` (oldest first). */
export function goalInForceFrom(changes: ReadonlyArray<{ day: string; goal_minutes: number }>, day: string): number {
  let goal = DAILY_GOAL_DEFAULT_MINUTES
  for (const change of changes) {
    if (change.day > day) break
    goal = change.goal_minutes
  }
  return goal
}
