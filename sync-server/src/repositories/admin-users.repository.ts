import type { Db } from '../db/connection.ts'
import { containsPattern } from './like-pattern.ts'
import type { UserRow } from './users.repository.ts'

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>

export function createAdminUsersRepository(db: Db) {
  const list = db.prepare(
    `SELECT * FROM users
      WHERE (@q IS NULL OR email LIKE @q ESCAPE '\\' OR display_name LIKE @q ESCAPE '\\')
        AND (@afterCreated IS NULL OR created_at < @afterCreated OR (created_at = @afterCreated AND id < @afterId))
      ORDER BY created_at DESC, id DESC LIMIT @limit`,
  )
  // An admin's rename is not a learner's own change: it does not start the learner's cooldown.
  const rename = db.prepare<[string | null, number], UserRow>('UPDATE users SET display_name = ? WHERE id = ? RETURNING *')
  const setContributor = db.prepare<[number, number], UserRow>('UPDATE users SET is_contributor = ? WHERE id = ? RETURNING *')
  return {
    list(filter: { q?: string; after?: { created: string; id: number }; limit: number }): UserRow[] {
      return list.all({
        q: filter.q ? containsPattern(filter.q) : null,
        afterCreated: filter.after?.created ?? null,
        afterId: filter.after?.id ?? null,
        limit: filter.limit,
      }) as UserRow[]
    },
    rename: (id: number, name: string | null) => rename.get(name, id),
    setContributor: (id: number, contributor: boolean) => setContributor.get(contributor ? 1 : 0, id),
  }
}
