import type { Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'
import { accountGone } from '../errors.ts'

/** A users row as both engines hold it (flags as 0/1). */
export type UserRow = Row<'users'>

export type UsersRepository = ReturnType<typeof createUsersRepository>

export function createUsersRepository(db: Kysely<Database>) {
  return {
    findById: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    create: (email: string, isAdmin: boolean, nowIso: string): Promise<UserRow> =>
      db
        .insertInto('users')
        .values({ email, is_admin: isAdmin ? 1 : 0, created_at: nowIso, last_sign_in_at: nowIso })
        .returningAll()
        .executeTakeFirstOrThrow(),
    /** A first sign-in: the new account, or undefined when the address has one already (a race lost). */
    createOnce: (email: string, isAdmin: boolean, nowIso: string): Promise<UserRow | undefined> =>
      db
        .insertInto('users')
        .values({ email, is_admin: isAdmin ? 1 : 0, created_at: nowIso, last_sign_in_at: nowIso })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returningAll()
        .executeTakeFirst(),
    /** Records a sign-in; an address listed in ADMIN_EMAILS becomes admin (never the reverse). */
    recordSignIn: (id: number, isAdmin: boolean, nowIso: string): Promise<UserRow> =>
      db
        .updateTable('users')
        .set({ last_sign_in_at: nowIso, ...(isAdmin && { is_admin: 1 as const }) })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst()
        .then(stillThere),
    setDisplayName: (id: number, name: string | null, nowIso: string): Promise<UserRow> =>
      db
        .updateTable('users')
        .set({ display_name: name, display_name_changed_at: nowIso })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst()
        .then(stillThere),
    setDailyGoal: (id: number, minutes: number): Promise<UserRow> =>
      db.updateTable('users').set({ daily_goal_minutes: minutes }).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    async setUiLanguage(id: number, language: 'en' | 'vi'): Promise<void> {
      await db.updateTable('users').set({ ui_language: language }).where('id', '=', id).where('deleted_at', 'is', null).execute()
    },
    async setTimeZone(id: number, zone: string): Promise<void> {
      await db.updateTable('users').set({ time_zone: zone }).where('id', '=', id).where('deleted_at', 'is', null).execute()
    },
    /** Accepting a contributor application (now, or at the account's first sign-in). */
    setContributor: (id: number): Promise<UserRow> =>
      db.updateTable('users').set({ is_contributor: 1 }).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  }
}

/**
 * A single-statement write of the account row skips a deleted account (`deleted_at IS NULL` in its
 * WHERE, re-read after any deletion it waited for) and answers 401 instead: nothing of the person goes
 * back onto the emptied row (issue 29).
 */
function stillThere(row: UserRow | undefined): UserRow {
  if (!row) throw accountGone()
  return row
}
