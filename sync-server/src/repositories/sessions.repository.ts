import type { Kysely } from 'kysely'
import type { HotPathReads } from '../db/dialect/hot-path.ts'
import type { Database } from '../db/schema.ts'
import type { MaybePromise } from '../maybe-promise.ts'
import type { UserRow } from './users.repository.ts'

export type SessionsRepository = ReturnType<typeof createSessionsRepository>

/** The user row plus when the session ends, as one row: this runs on every signed-in call. */
export type SessionUserRow = UserRow & { session_expires_at: number }

/** `hotPath`: the hand-written twin of `findActive` for the server (db/dialect/hot-path.ts). */
export function createSessionsRepository(db: Kysely<Database>, hotPath?: HotPathReads) {
  return {
    async create(tokenHash: string, userId: number, now: number, expiresAt: number): Promise<void> {
      await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt }).execute()
    },
    /** Every signed-in call runs this: one indexed join, no write (synchronous on SQLite's hot path). */
    findActive: hotPath
      ? (hotPath.activeSession as (tokenHash: string, now: number) => MaybePromise<SessionUserRow | undefined>)
      : (tokenHash: string, now: number): Promise<SessionUserRow | undefined> =>
        db
          .selectFrom('sessions as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .selectAll('u')
          .select('s.expires_at as session_expires_at')
          .where('s.token_hash', '=', tokenHash)
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .executeTakeFirst(),
    async revoke(tokenHash: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute()
    },
    async extend(tokenHash: string, expiresAt: number): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute()
    },
  }
}
