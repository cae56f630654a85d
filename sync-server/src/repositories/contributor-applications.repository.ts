import type { Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type ApplicationRow = Row<'contributor_applications'>

export type ContributorApplicationsRepository = ReturnType<typeof createContributorApplicationsRepository>

/** Over `db` or a transaction. */
export function createContributorApplicationsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Omit<ApplicationRow, 'id' | 'status' | 'decided_at'>): Promise<number> {
      const { id } = await db.insertInto('contributor_applications').values(row).returning('id').executeTakeFirstOrThrow()
      return id
    },
    /** Applications stored since `sinceIso`: how many, their video bytes, and when the first of them came. */
    async storedSince(sinceIso: string): Promise<{ count: number; bytes: number; oldest: string | null }> {
      const row = await db
        .selectFrom('contributor_applications')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number | string>('video_bytes'), eb.lit(0)).as('bytes'),
          eb.fn.min<string | null>('created_at').as('oldest'),
        ])
        .where('created_at', '>', sinceIso)
        .executeTakeFirstOrThrow()
      return { count: Number(row.count), bytes: Number(row.bytes), oldest: row.oldest }
    },
    findById: (id: number): Promise<ApplicationRow | undefined> =>
      db.selectFrom('contributor_applications').selectAll().where('id', '=', id).executeTakeFirst(),
    list(status: ApplicationRow['status'] | undefined, beforeId: number, limit: number): Promise<ApplicationRow[]> {
      let query = db.selectFrom('contributor_applications').selectAll().where('id', '<', beforeId)
      if (status) query = query.where('status', '=', status)
      return query.orderBy('id', 'desc').limit(limit).execute()
    },
    /** Decides a pending application; false when it is no longer pending. */
    async decide(id: number, status: 'accepted' | 'rejected', decidedAtIso: string): Promise<boolean> {
      const result = await db
        .updateTable('contributor_applications')
        .set({ status, decided_at: decidedAtIso })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    async countPending(): Promise<number> {
      const row = await db
        .selectFrom('contributor_applications')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
    async isAcceptedEmail(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('contributor_applications')
        .select('id')
        .where('email', '=', email)
        .where('status', '=', 'accepted')
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },
    /** Accepting an application: that address's account, if it has one, contributes from now on. */
    async makeContributor(email: string): Promise<void> {
      await db.updateTable('users').set({ is_contributor: 1 }).where('email', '=', email).execute()
    },
  }
}
