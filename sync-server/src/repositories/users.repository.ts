import type { Db } from '../db/connection.ts'

/** A users row as SQLite holds it (flags as 0/1). */
export interface UserRow {
  id: number
  email: string
  display_name: string | null
  display_name_changed_at: string | null
  daily_goal_minutes: number
  is_premium: number
  is_admin: number
  is_contributor: number
  time_zone: string
  created_at: string
  last_sign_in_at: string | null
}

export type UsersRepository = ReturnType<typeof createUsersRepository>

export function createUsersRepository(db: Db) {
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?')
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?')
  const insert = db.prepare<[string, number, string, string], UserRow>(
    `INSERT INTO users (email, is_admin, created_at, last_sign_in_at) VALUES (?, ?, ?, ?) RETURNING *`,
  )
  const signedIn = db.prepare<[string, number, number], UserRow>(
    `UPDATE users SET last_sign_in_at = ?, is_admin = MAX(is_admin, ?) WHERE id = ? RETURNING *`,
  )
  const setDisplayName = db.prepare<[string | null, string, number], UserRow>(
    'UPDATE users SET display_name = ?, display_name_changed_at = ? WHERE id = ? RETURNING *',
  )
  const setGoal = db.prepare<[number, number], UserRow>(
    'UPDATE users SET daily_goal_minutes = ? WHERE id = ? RETURNING *',
  )
  const setTimeZone = db.prepare<[string, number]>('UPDATE users SET time_zone = ? WHERE id = ?')
  const setContributor = db.prepare<[number], UserRow>('UPDATE users SET is_contributor = 1 WHERE id = ? RETURNING *')

  return {
    findById: (id: number) => byId.get(id),
    findByEmail: (email: string) => byEmail.get(email),
    create: (email: string, isAdmin: boolean, nowIso: string) => insert.get(email, isAdmin ? 1 : 0, nowIso, nowIso)!,
    /** Records a sign-in; an address listed in ADMIN_EMAILS becomes admin (never the reverse). */
    recordSignIn: (id: number, isAdmin: boolean, nowIso: string) => signedIn.get(nowIso, isAdmin ? 1 : 0, id)!,
    setDisplayName: (id: number, name: string | null, nowIso: string) => setDisplayName.get(name, nowIso, id)!,
    setDailyGoal: (id: number, minutes: number) => setGoal.get(minutes, id)!,
    setTimeZone: (id: number, zone: string) => void setTimeZone.run(zone, id),
    /** Accepting a contributor application (now, or at the account's first sign-in). */
    setContributor: (id: number) => setContributor.get(id)!,
  }
}
