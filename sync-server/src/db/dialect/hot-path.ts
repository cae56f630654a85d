/**
 * The reads of the hottest path (every signed-in call looks its session up; the app polls
 * GET /me/daily_progress, which reads the session and the day's seconds in one statement),
 * hand-written per engine. Through Kysely they cost about a quarter more CPU per request on SQLite
 * (building, compiling and its async driver path for sub-millisecond queries), which the
 * ≥ 0.70-of-bare-Express goal does not allow. The SQL is the same as the Kysely query in
 * sessions.repository.ts / daily-totals.repository.ts, which stay the reference; the repository test
 * checks both answer alike on both engines.
 * - SQLite: statements prepared once on the same better-sqlite3 handle Kysely uses, run synchronously
 *   and answered as plain values (MaybePromise), so the signed-in path takes no promise hop.
 *   (Outside Kysely's connection lock, so a read may see rows of a Kysely transaction still open on that
 *   handle; no read here can be misled by the transactions we run.)
 * - PostgreSQL: named prepared statements on the pool (parsed once per connection), numbers as the pool
 *   parses them.
 */
import type { MaybePromise } from '../../maybe-promise.ts'
import type { Engine } from '../engine.ts'

/** A users row plus when the session ends (sessions.repository.ts names it SessionUserRow). */
export interface ActiveSessionRow {
  id: number
  email: string
  display_name: string | null
  display_name_changed_at: string | null
  daily_goal_minutes: number
  is_premium: 0 | 1
  is_admin: 0 | 1
  is_contributor: 0 | 1
  time_zone: string
  created_at: string
  last_sign_in_at: string | null
  deleted_at: string | null
  ui_language: 'vi' | 'en' | null
  session_expires_at: number
  /** When the session was last marked as used (epoch ms; null before its first mark). */
  session_last_seen_at: number | null
}

/** An active session's row plus the seconds its user watched on the day asked for (0 for none). */
export type ActiveSessionDayRow = ActiveSessionRow & { day_watch_seconds: number }

export interface HotPathReads {
  /** The user of a session neither revoked nor expired at `now`. */
  activeSession(tokenHash: string, now: number): MaybePromise<ActiveSessionRow | undefined>
  /**
   * The same, with the seconds watched on `day`, in one read: on PostgreSQL one round trip instead of
   * two for the app's most frequent call.
   */
  activeSessionWithDay(tokenHash: string, now: number, day: string): MaybePromise<ActiveSessionDayRow | undefined>
  /** Seconds a user watched on a local day (0 for a day without a total). */
  watchSeconds(userId: number, day: string): MaybePromise<number>
}

/** The columns of `users` in the order the SQLite row arrays hold them (the test compares with Kysely's `u.*`). */
const USER_COLUMNS = [
  'id', 'email', 'display_name', 'display_name_changed_at', 'daily_goal_minutes', 'is_premium', 'is_admin', 'is_contributor', 'time_zone',
  'created_at', 'last_sign_in_at', 'deleted_at', 'ui_language',
] as const
type ActiveSessionArray = [number, string, string | null, string | null, number, 0 | 1, 0 | 1, 0 | 1, string, string, string | null, string | null, 'vi' | 'en' | null, number, number | null]
type ActiveSessionDayArray = [...ActiveSessionArray, number]

const SESSION_COLUMNS = `${USER_COLUMNS.map((column) => `u.${column}`).join(', ')}, s.expires_at AS session_expires_at, s.last_seen_at AS session_last_seen_at`
const ACTIVE_SESSION = (p: (n: number) => string) => `SELECT ${SESSION_COLUMNS}
  FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.token_hash = ${p(1)} AND s.revoked_at IS NULL AND s.expires_at > ${p(2)}`
// The day's parameter comes first: SQLite numbers `?` in the order they appear.
const ACTIVE_SESSION_WITH_DAY = (p: (n: number) => string) => `SELECT ${SESSION_COLUMNS}, COALESCE(d.watch_seconds, 0) AS day_watch_seconds
  FROM sessions s JOIN users u ON u.id = s.user_id
  LEFT JOIN daily_totals d ON d.user_id = s.user_id AND d.day = ${p(1)}
 WHERE s.token_hash = ${p(2)} AND s.revoked_at IS NULL AND s.expires_at > ${p(3)}`
const WATCH_SECONDS = (p: (n: number) => string) => `SELECT watch_seconds FROM daily_totals WHERE user_id = ${p(1)} AND day = ${p(2)}`

export function hotPathReadsFor(engine: Engine): HotPathReads {
  if (engine.engine === 'postgres') {
    const pool = engine.pool!
    const p = (n: number) => `$${n}`
    return {
      async activeSession(tokenHash, now) {
        const result = await pool.query<ActiveSessionRow>({ name: 'hot-active-session', text: ACTIVE_SESSION(p), values: [tokenHash, now] })
        return result.rows[0]
      },
      async activeSessionWithDay(tokenHash, now, day) {
        const result = await pool.query<ActiveSessionDayRow>({ name: 'hot-active-session-day', text: ACTIVE_SESSION_WITH_DAY(p), values: [day, tokenHash, now] })
        return result.rows[0]
      },
      async watchSeconds(userId, day) {
        const result = await pool.query<{ watch_seconds: number }>({ name: 'hot-watch-seconds', text: WATCH_SECONDS(p), values: [userId, day] })
        return result.rows[0]?.watch_seconds ?? 0
      },
    }
  }
  const p = () => '?'
  const sqlite = engine.sqlite!
  // Rows as arrays, made into objects here: better-sqlite3 builds a named-column row about twice as
  // slowly as an array (10 µs against 6 µs for this join), and this runs on every signed-in call.
  const active = sqlite.prepare<[string, number], ActiveSessionArray>(ACTIVE_SESSION(p)).raw(true)
  const activeWithDay = sqlite.prepare<[string, string, number], ActiveSessionDayArray>(ACTIVE_SESSION_WITH_DAY(p)).raw(true)
  const watched = sqlite.prepare<[number, string], number>(WATCH_SECONDS(p)).pluck(true)
  return {
    // Answered at once, not wrapped in a promise: the callers pass a value on synchronously.
    activeSession(tokenHash, now) {
      const row = active.get(tokenHash, now)
      return row ? sessionRow(row) : undefined
    },
    activeSessionWithDay(tokenHash, now, day) {
      const row = activeWithDay.get(day, tokenHash, now)
      if (!row) return undefined
      const answer = sessionRow(row) as ActiveSessionDayRow
      answer.day_watch_seconds = row[15]
      return answer
    },
    watchSeconds: (userId, day) => watched.get(userId, day) ?? 0,
  }
}

/** A session row read as an array (see above) as the object the callers use. */
function sessionRow(row: ActiveSessionArray | ActiveSessionDayArray): ActiveSessionRow {
  return {
    id: row[0],
    email: row[1],
    display_name: row[2],
    display_name_changed_at: row[3],
    daily_goal_minutes: row[4],
    is_premium: row[5],
    is_admin: row[6],
    is_contributor: row[7],
    time_zone: row[8],
    created_at: row[9],
    last_sign_in_at: row[10],
    deleted_at: row[11],
    ui_language: row[12],
    session_expires_at: row[13],
    session_last_seen_at: row[14],
  }
}
