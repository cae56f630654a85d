/**
 * Admin user management: search by e-mail or name, rename anyone (no premium rule and no cooldown for
 * admins, and the learner's own cooldown is left as it was), grant or remove the contributor role.
 */
import { z } from 'zod'
import type { AdminUser, Page } from '../../../contract/index.ts'
import type { Kysely } from 'kysely'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../errors.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import { createAdminUsersRepository } from '../repositories/admin-users.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'

const cursorSchema = z.object({ c: z.string().max(40), i: z.number().int() })

export const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  display_name: row.display_name,
  is_premium: row.is_premium === 1,
  is_admin: row.is_admin === 1,
  is_contributor: row.is_contributor === 1,
  created_at: row.created_at,
})

export type AdminUsersService = ReturnType<typeof createAdminUsersService>

export function createAdminUsersService(deps: { db: Kysely<Database>; search: TextSearch }) {
  const users = createAdminUsersRepository(deps.db, deps.search)
  return {
    async list(admin: UserRow, query: { q?: string; cursor?: string; limit: number }): Promise<Page<AdminUser>> {
      requireAdmin(admin)
      const after = decodeCursor(cursorSchema, query.cursor)
      const rows = await users.list({ q: query.q, after: after && { created: after.c, id: after.i }, limit: query.limit + 1 })
      const page = pageOf(rows, query.limit, (row) => ({ c: row.created_at, i: row.id }))
      return { data: page.data.map(toAdminUser), next_cursor: page.next_cursor }
    },

    async update(admin: UserRow, id: number, change: { display_name?: string | null; is_contributor?: boolean }): Promise<AdminUser> {
      requireAdmin(admin)
      const updated = await deps.db.transaction().execute(async (trx) => {
        const inTrx = createAdminUsersRepository(trx, deps.search)
        let row: UserRow | undefined
        if (change.display_name !== undefined) row = await inTrx.rename(id, change.display_name)
        if (change.is_contributor !== undefined) row = await inTrx.setContributor(id, change.is_contributor)
        return row
      })
      if (!updated) throw notFound('No such user.')
      return toAdminUser(updated)
    },
  }
}
