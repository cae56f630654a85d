import type { Kysely } from 'kysely'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Database } from '../db/schema.ts'
import type { UserRow } from './users.repository.ts'


export function createAdminUsersRepository(db: Kysely<Database>, search: TextSearch) {
  return {
    /** Newest first, deleted accounts left out; `q` searches e-mail and display name (db/dialect/text-search.ts). */
    list(filter: { q?: string; after?: { created: string; id: number }; limit: number }): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll().where('deleted_at', 'is', null)
      if (filter.q) query = query.where(search.contains({ table: 'users' }, filter.q))
      const after = filter.after
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', after.created), eb.and([eb('created_at', '=', after.created), eb('id', '<', after.id)])]),
        )
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute()
    },
    /** An admin's rename is not a learner's own change: it does not start the learner's cooldown. */
    rename: (id: number, name: string | null): Promise<UserRow | undefined> =>
      db.updateTable('users').set({ display_name: name }).where('id', '=', id).where('deleted_at', 'is', null).returningAll().executeTakeFirst(),
    setContributor: (id: number, contributor: boolean): Promise<UserRow | undefined> =>
      db.updateTable('users').set({ is_contributor: contributor ? 1 : 0 }).where('id', '=', id).where('deleted_at', 'is', null).returningAll().executeTakeFirst(),
  }
}
