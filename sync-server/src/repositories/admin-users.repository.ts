import type { Db } from '../db/connection.ts'
import { statementCache } from './statement-cache.ts'
import { containsPattern, ftsPhrase, usesTrigrams } from './text-search.ts'
import type { UserRow } from './users.repository.ts'

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>

export function createAdminUsersRepository(db: Db) {
  const prepared = statementCache(db)
  // An admin's rename is not a learner's own change: it does not start the learner's cooldown.
  const rename = db.prepare<[string | null, number], UserRow>('UPDATE users SET display_name = ? WHERE id = ? RETURNING *')
  const setContributor = db.prepare<[number, number], UserRow>('UPDATE users SET is_contributor = ? WHERE id = ? RETURNING *')
  return {
    list(filter: { q?: string; after?: { created: string; id: number }; limit: number }): UserRow[] {
      const where: string[] = []
      const params: Record<string, string | number> = { limit: filter.limit }
      if (filter.q && usesTrigrams(filter.q)) {
        where.push('id IN (SELECT rowid FROM users_search WHERE users_search MATCH @match)')
        params.match = ftsPhrase(filter.q)
      } else if (filter.q) {
        where.push("(email LIKE @like ESCAPE '\\' OR display_name LIKE @like ESCAPE '\\')")
        params.like = containsPattern(filter.q)
      }
      if (filter.after) {
        where.push('(created_at < @afterCreated OR (created_at = @afterCreated AND id < @afterId))')
        params.afterCreated = filter.after.created
        params.afterId = filter.after.id
      }
      const sql = `SELECT * FROM users ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT @limit`
      return prepared(sql).all(params) as UserRow[]
    },
    rename: (id: number, name: string | null) => rename.get(name, id),
    setContributor: (id: number, contributor: boolean) => setContributor.get(contributor ? 1 : 0, id),
  }
}
