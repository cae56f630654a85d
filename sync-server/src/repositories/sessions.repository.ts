import type { Kysely } from 'kysely'
import type { HotPathReads } from '../db/dialect/hot-path.ts'
import type { Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import type { MaybePromise } from '../maybe-promise.ts'
import type { UserRow } from './users.repository.ts'

export type SessionsRepository = ReturnType<typeof createSessionsRepository>

/** The user row plus when the session ends, as one row: this runs on every signed-in call. */
export type SessionUserRow = UserRow & { session_expires_at: number; session_last_seen_at: number | null }

/** A session as its owner sees it in the devices list. */
export interface OwnSessionRow {
  token_hash: string
  created_at: number
  last_seen_at: number | null
  user_agent: string | null
}

/** The same plus the seconds its user watched on a day (0 for none), read with it. */
export type SessionUserDayRow = SessionUserRow & { day_watch_seconds: number }

/**
 * `hotPath`: the hand-written twins of `findActive` and `findActiveWithDay` for the server (db/dialect/hot-path.ts).
 * `locking`: one person's session changes take turns (PostgreSQL; SQLite's writers already do).
 */
export function createSessionsRepository(db: Kysely<Database>, hotPath?: HotPathReads, locking?: Locking) {
  return {
    /** `signInNetwork`: the network signed in from, as security/otp.ts hashNetwork makes it. */
    async create(tokenHash: string, userId: number, now: number, expiresAt: number, userAgent: string | null = null, signInNetwork: string | null = null): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt, user_agent: userAgent, last_seen_at: now, sign_in_network: signInNetwork })
        .execute()
    },
    /** Whether the account of this address has ever signed in from this network (hashNetwork's form). */
    async signedInFrom(email: string, signInNetwork: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('s.user_id')
        .where('u.email', '=', email)
        .where('s.sign_in_network', '=', signInNetwork)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },
    /** Every signed-in call runs this: one indexed join, no write (synchronous on SQLite's hot path). */
    findActive: hotPath
      ? (hotPath.activeSession as (tokenHash: string, now: number) => MaybePromise<SessionUserRow | undefined>)
      : (tokenHash: string, now: number): Promise<SessionUserRow | undefined> =>
        db
          .selectFrom('sessions as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .selectAll('u')
          .select(['s.expires_at as session_expires_at', 's.last_seen_at as session_last_seen_at'])
          .where('s.token_hash', '=', tokenHash)
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .executeTakeFirst(),
    /** `findActive` with the user's seconds on `day` in the same read (GET /me/daily_progress asks both). */
    findActiveWithDay: hotPath
      ? (hotPath.activeSessionWithDay as (tokenHash: string, now: number, day: string) => MaybePromise<SessionUserDayRow | undefined>)
      : (tokenHash: string, now: number, day: string): Promise<SessionUserDayRow | undefined> =>
        db
          .selectFrom('sessions as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .leftJoin('daily_totals as d', (join) => join.onRef('d.user_id', '=', 's.user_id').on('d.day', '=', day))
          .selectAll('u')
          .select((eb) => [
            's.expires_at as session_expires_at',
            's.last_seen_at as session_last_seen_at',
            eb.fn.coalesce('d.watch_seconds', eb.lit(0)).as('day_watch_seconds'),
          ])
          .where('s.token_hash', '=', tokenHash)
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .executeTakeFirst(),
    async revoke(tokenHash: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute()
    },
    /** Revokes one of the user's sessions; false when it is not theirs or already ended. */
    async revokeOwn(userId: number, tokenHash: string, now: number): Promise<boolean> {
      const ended = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst()
      return ended !== undefined
    },
    async extend(tokenHash: string, expiresAt: number): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute()
    },
    /** Marks the session used (at most every few minutes: auth.service.ts decides). */
    async markSeen(tokenHash: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute()
    },
    /** The user's sessions still alive at `now`, most recently used first. */
    listActive(userId: number, now: number): Promise<OwnSessionRow[]> {
      return db
        .selectFrom('sessions')
        .select(['token_hash', 'created_at', 'last_seen_at', 'user_agent'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute()
    },
    /**
     * "Sign out everywhere else": revokes the user's other live sessions, but only while `ownTokenHash`
     * is itself still live, checked inside the transaction after taking the person's lock. Pressed on
     * several devices at once, the first signs the others out and they then find their own session
     * ended (undefined: the caller answers 401), so exactly one session survives. Without the re-check
     * each request, authenticated a moment before, revoked all the others and none survived.
     */
    revokeOthersIfLive(userId: number, ownTokenHash: string, now: number): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        await locking?.lockUserRows(trx, userId)
        const own = await trx
          .selectFrom('sessions')
          .select('token_hash')
          .where('token_hash', '=', ownTokenHash)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst()
        if (!own) return undefined
        const ended = await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('token_hash', '!=', ownTokenHash)
          .returning('token_hash')
          .execute()
        return ended.length
      })
    },
  }
}
