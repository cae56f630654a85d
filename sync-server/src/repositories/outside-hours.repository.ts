import type { Db } from '../db/connection.ts'

export type OutsideHoursRepository = ReturnType<typeof createOutsideHoursRepository>

export function createOutsideHoursRepository(db: Db) {
  const insert = db.prepare<[number, string, string, number, string, string, string]>(
    `INSERT INTO outside_hours (user_id, client_id, day, minutes, kind, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, client_id) DO NOTHING`,
  )
  const total = db.prepare<[number], { minutes: number }>('SELECT COALESCE(SUM(minutes), 0) AS minutes FROM outside_hours WHERE user_id = ?')
  return {
    /** False when this client_id was stored before (a resend from the outbox). */
    insertOnce: (userId: number, clientId: string, day: string, minutes: number, kind: string, note: string, nowIso: string) =>
      insert.run(userId, clientId, day, minutes, kind, note, nowIso).changes === 1,
    totalMinutes: (userId: number) => total.get(userId)!.minutes,
  }
}
