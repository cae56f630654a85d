import type { Db } from '../db/connection.ts'
import { containsPattern } from './like-pattern.ts'

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
  const list = db.prepare(
    `${SELECT}
      WHERE (@q IS NULL OR f.feedback LIKE @q ESCAPE '\\' OR u.email LIKE @q ESCAPE '\\')
        AND (@since IS NULL OR f.created_at >= @since)
        AND (@afterCreated IS NULL OR f.created_at < @afterCreated OR (f.created_at = @afterCreated AND f.id < @afterId))
      ORDER BY f.created_at DESC, f.id DESC LIMIT @limit`,
  )
  const byId = db.prepare<[number], AdminFeedbackRow>(`${SELECT} WHERE f.id = ?`)
  return {
    list(filter: { q?: string; since?: string; after?: { created: string; id: number }; limit: number }): AdminFeedbackRow[] {
      return list.all({
        q: filter.q ? containsPattern(filter.q) : null,
        since: filter.since ?? null,
        afterCreated: filter.after?.created ?? null,
        afterId: filter.after?.id ?? null,
        limit: filter.limit,
      }) as AdminFeedbackRow[]
    },
    findById: (id: number) => byId.get(id),
  }
}
