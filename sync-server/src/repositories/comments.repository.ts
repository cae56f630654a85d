import type { Db } from '../db/connection.ts'

export interface CommentRow {
  id: number
  video_id: number
  text: string
  created_at: string
  author_display_name: string | null
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>

export function createCommentsRepository(db: Db) {
  const page = db.prepare<[number, number, number], CommentRow>(
    `SELECT c.id, c.video_id, c.text, c.created_at, u.display_name AS author_display_name
       FROM comments c JOIN users u ON u.id = c.user_id
      WHERE c.video_id = ? AND c.id > ? ORDER BY c.id LIMIT ?`,
  )
  const insert = db.prepare<[number, number, string, string, string]>(
    'INSERT INTO comments (video_id, user_id, client_id, text, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  )
  const byClient = db.prepare<[number, string], CommentRow>(
    `SELECT c.id, c.video_id, c.text, c.created_at, u.display_name AS author_display_name
       FROM comments c JOIN users u ON u.id = c.user_id WHERE c.user_id = ? AND c.client_id = ?`,
  )
  return {
    /** Oldest first, after the id in the cursor. */
    page: (videoId: number, afterId: number, limit: number) => page.all(videoId, afterId, limit),
    /**
     * Inserts once per (user, client_id); a repeat returns the first comment with `created: false`, whose
     * video_id the caller compares (the unique index is per user, so another video's repeat lands here too).
     */
    insertOnce: db.transaction((videoId: number, userId: number, clientId: string, text: string, nowIso: string) => {
      const created = insert.run(videoId, userId, clientId, text, nowIso).changes === 1
      return { comment: byClient.get(userId, clientId)!, created }
    }),
  }
}
