import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>

/**
 * Rate-limit counters shared by every process on the database (0013): a fixed window per key. A
 * counted request is one upsert that starts a new window when the old one has ended, so the counters
 * cost one round trip and no read-then-write race between processes.
 */
export function createRateLimitsRepository(db: Kysely<Database>) {
  return {
    /** Counts one hit for `key` and answers the window's count and end (epoch ms). */
    async increment(key: string, now: number, windowMs: number): Promise<{ hits: number; resetAt: number }> {
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, reset_at: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limit_hits.reset_at <= ${now} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
            reset_at: sql<number>`CASE WHEN rate_limit_hits.reset_at <= ${now} THEN excluded.reset_at ELSE rate_limit_hits.reset_at END`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
      return { hits: row.hits, resetAt: row.reset_at }
    },
    async get(key: string, now: number): Promise<{ hits: number; resetAt: number } | undefined> {
      const row = await db.selectFrom('rate_limit_hits').select(['hits', 'reset_at']).where('key', '=', key).where('reset_at', '>', now).executeTakeFirst()
      return row && { hits: row.hits, resetAt: row.reset_at }
    },
    async decrement(key: string, now: number): Promise<void> {
      await db
        .updateTable('rate_limit_hits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', key)
        .where('hits', '>', 0)
        .where('reset_at', '>', now)
        .execute()
    },
    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute()
    },
    /** Windows that have ended hold nothing a limiter reads; run hourly. */
    async pruneEnded(now: number): Promise<number> {
      const result = await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', now).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
