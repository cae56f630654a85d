import type { Kysely } from 'kysely'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'

export type OutsideHoursRepository = ReturnType<typeof createOutsideHoursRepository>

export interface OutsideEntry {
  userId: number
  clientId: string
  day: string
  minutes: number
  kind: 'watching' | 'listening' | 'talking'
  note: string
  createdAt: string
}

export function createOutsideHoursRepository(db: Kysely<Database>, locking: Locking) {
  return {
    /**
     * Stores the entry once per (user, client_id), only while its date stays within `dayMaxMinutes`:
     * `stored` when already there (a resend), `full` when the date has no room. The ceiling is read and
     * the entry written in one transaction under a lock on the user's rows, so concurrent entries of
     * the same date never pass it together on PostgreSQL (SQLite's writers take turns anyway).
     */
    recordWithinDay(entry: OutsideEntry, dayMaxMinutes: number): Promise<'created' | 'stored' | 'full'> {
      return personTransaction(db, locking, entry.userId, async (trx) => {
        const existing = await trx
          .selectFrom('outside_hours')
          .select('client_id')
          .where('user_id', '=', entry.userId)
          .where('client_id', '=', entry.clientId)
          .executeTakeFirst()
        if (existing) return 'stored'
        const { minutes } = await trx
          .selectFrom('outside_hours')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('minutes'), eb.lit(0)).as('minutes'))
          .where('user_id', '=', entry.userId)
          .where('day', '=', entry.day)
          .executeTakeFirstOrThrow()
        if (Number(minutes) + entry.minutes > dayMaxMinutes) return 'full'
        await trx
          .insertInto('outside_hours')
          .values({
            user_id: entry.userId,
            client_id: entry.clientId,
            day: entry.day,
            minutes: entry.minutes,
            kind: entry.kind,
            note: entry.note,
            created_at: entry.createdAt,
          })
          .execute()
        return 'created'
      })
    },
    async totalMinutes(userId: number): Promise<number> {
      const { minutes } = await db
        .selectFrom('outside_hours')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('minutes'), eb.lit(0)).as('minutes'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(minutes)
    },
  }
}
