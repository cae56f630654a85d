import { sql, type Kysely } from 'kysely'
import type { HotPathReads } from '../db/dialect/hot-path.ts'
import type { Database } from '../db/schema.ts'
import { capDaySeconds, cappedDaySumSql } from '../rules/day-total.ts'

export type DailyTotalsRepository = ReturnType<typeof createDailyTotalsRepository>

/** `hotPath`: the hand-written twin of `watchSeconds` for the server (db/dialect/hot-path.ts). */
export function createDailyTotalsRepository(db: Kysely<Database>, hotPath?: HotPathReads) {
  return {
    /**
     * Adds watch time to a day; a day seen for the first time takes `goalMinutes`, the goal in force that
     * day; `listenedSeconds` is the part of `seconds` spent listening (audio only). The day's cap is
     * rules/day-total.ts's.
     */
    async addSeconds(userId: number, day: string, seconds: number, goalMinutes: number, listenedSeconds = 0): Promise<void> {
      await db
        .insertInto('daily_totals')
        .values({
          user_id: userId,
          day,
          watch_seconds: capDaySeconds(seconds),
          listen_seconds: capDaySeconds(listenedSeconds),
          goal_minutes: goalMinutes,
        })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'day']).doUpdateSet({
            watch_seconds: sql.raw<number>(cappedDaySumSql('daily_totals.watch_seconds', 'excluded.watch_seconds')),
            listen_seconds: sql.raw<number>(cappedDaySumSql('daily_totals.listen_seconds', 'excluded.listen_seconds')),
          }),
        )
        .execute()
    },
    allForUser: (userId: number) =>
      db.selectFrom('daily_totals').select(['day', 'watch_seconds', 'listen_seconds', 'goal_minutes']).where('user_id', '=', userId).orderBy('day').execute(),
    watchSeconds: hotPath ? hotPath.watchSeconds : async (userId: number, day: string): Promise<number> => {
      const row = await db
        .selectFrom('daily_totals')
        .select('watch_seconds')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst()
      return row?.watch_seconds ?? 0
    },
    /** The goal in force on a day is the one set last that day; days already passed keep theirs. */
    async recordGoalForDay(userId: number, day: string, goalMinutes: number): Promise<void> {
      await db
        .insertInto('daily_totals')
        .values({ user_id: userId, day, goal_minutes: goalMinutes })
        .onConflict((conflict) => conflict.columns(['user_id', 'day']).doUpdateSet((eb) => ({ goal_minutes: eb.ref('excluded.goal_minutes') })))
        .execute()
    },
  }
}
