import type { Db } from '../db/connection.ts'

export type OutsideHoursRepository = ReturnType<typeof createOutsideHoursRepository>

export function createOutsideHoursRepository(db: Db) {
  // Stored only while the date's entries stay within the ceiling: checked and written in one statement.
  const insertWithinDay = db.prepare<[number, string, string, number, string, string, string, number, string, number, number]>(
    `INSERT INTO outside_hours (user_id, client_id, day, minutes, kind, note, created_at)
     SELECT ?, ?, ?, ?, ?, ?, ?
      WHERE (SELECT COALESCE(SUM(minutes), 0) FROM outside_hours WHERE user_id = ? AND day = ?) + ? <= ?
     ON CONFLICT (user_id, client_id) DO NOTHING`,
  )
  const exists = db.prepare<[number, string], { one: number }>('SELECT 1 AS one FROM outside_hours WHERE user_id = ? AND client_id = ?')
  const total = db.prepare<[number], { minutes: number }>('SELECT COALESCE(SUM(minutes), 0) AS minutes FROM outside_hours WHERE user_id = ?')
  return {
    exists: (userId: number, clientId: string) => exists.get(userId, clientId) !== undefined,
    /** False when the date would hold more than `dayMaxMinutes` with this entry (or it was stored meanwhile). */
    insertWithinDay: (userId: number, clientId: string, day: string, minutes: number, kind: string, note: string, nowIso: string, dayMaxMinutes: number) =>
      insertWithinDay.run(userId, clientId, day, minutes, kind, note, nowIso, userId, day, minutes, dayMaxMinutes).changes === 1,
    totalMinutes: (userId: number) => total.get(userId)!.minutes,
  }
}
