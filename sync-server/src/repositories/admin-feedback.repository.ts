import type { Db } from '../db/connection.ts'
import { statementCache } from './statement-cache.ts'
import { containsPattern, ftsPhrase, usesTrigrams } from './text-search.ts'

export interface AdminFeedbackRow {
  id: number
  feedback: string
  environment_data: string | null
  created_at: string
  user_id: number
  user_email: string
  user_display_name: string | null
}

export type AdminFeedbackRepository = ReturnType<typeof createAdminFeedbackRepository>

const SELECT = `SELECT f.id, f.feedback, f.environment_data, f.created_at, u.id AS user_id, u.email AS user_email,
  u.display_name AS user_display_name FROM user_feedbacks f JOIN users u ON u.id = f.user_id`

export function createAdminFeedbackRepository(db: Db) {
  const prepared = statementCache(db)
  const byId = db.prepare<[number], AdminFeedbackRow>(`${SELECT} WHERE f.id = ?`)
  return {
    /** Newest first; `q` matches the feedback text or the sender's e-mail. */
    list(filter: { q?: string; since?: string; after?: { created: string; id: number }; limit: number }): AdminFeedbackRow[] {
      const where: string[] = []
      const params: Record<string, string | number> = { limit: filter.limit }
      if (filter.q && usesTrigrams(filter.q)) {
        where.push(`(f.id IN (SELECT rowid FROM feedback_search WHERE feedback_search MATCH @match)
          OR f.user_id IN (SELECT rowid FROM users_search WHERE users_search MATCH @emailMatch))`)
        params.match = ftsPhrase(filter.q)
        params.emailMatch = ftsPhrase(filter.q, 'email')
      } else if (filter.q) {
        where.push("(f.feedback LIKE @like ESCAPE '\\' OR u.email LIKE @like ESCAPE '\\')")
        params.like = containsPattern(filter.q)
      }
      if (filter.since) {
        where.push('f.created_at >= @since')
        params.since = filter.since
      }
      if (filter.after) {
        where.push('(f.created_at < @afterCreated OR (f.created_at = @afterCreated AND f.id < @afterId))')
        params.afterCreated = filter.after.created
        params.afterId = filter.after.id
      }
      const sql = `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY f.created_at DESC, f.id DESC LIMIT @limit`
      return prepared(sql).all(params) as AdminFeedbackRow[]
    },
    findById: (id: number) => byId.get(id),
  }
}
