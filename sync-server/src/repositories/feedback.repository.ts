import type { Db } from '../db/connection.ts'

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>

export function createFeedbackRepository(db: Db) {
  const byClientId = db.prepare<[number, string], { id: number }>(
    'SELECT id FROM user_feedbacks WHERE user_id = ? AND client_id = ?',
  )
  const insert = db.prepare<[number, string | null, string, string | null, string]>(
    `INSERT INTO user_feedbacks (user_id, client_id, feedback, environment_data, created_at)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  )
  return {
    /** Inserts once per (user, client_id); a repeat returns the first id with `created: false`. */
    insertOnce: db.transaction(
      (userId: number, clientId: string | null, feedback: string, environmentJson: string | null, nowIso: string) => {
        const result = insert.run(userId, clientId, feedback, environmentJson, nowIso)
        if (result.changes === 1) return { id: Number(result.lastInsertRowid), created: true }
        return { id: byClientId.get(userId, clientId!)!.id, created: false }
      },
    ),
  }
}
