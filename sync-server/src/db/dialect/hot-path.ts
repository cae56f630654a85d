/**
 * The two reads of the hottest path (every signed-in call looks its session up; the app polls
 * GET /me/daily_progress), hand-written per engine. Through Kysely they cost about a quarter more CPU per
 * request on SQLite (building, compiling and its async driver path for sub-millisecond queries), which
 * the ≥ 0.70-of-bare-Express goal does not allow. The SQL is the same as the Kysely query in
 * sessions.repository.ts / daily-totals.repository.ts, which stay the reference; the repository test
 * checks both answer alike on both engines.
 * - SQLite: statements prepared once on the same better-sqlite3 handle Kysely uses, run synchronously.
 *   (Outside Kysely's connection lock, so a read may see rows of a Kysely transaction still open on that
 *   handle; neither read here can be misled by the transactions we run.)
 * - PostgreSQL: named prepared statements on the pool (parsed once per connection), numbers as the pool
 *   parses them.
 */
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
  session_expires_at: number
  /** When the session was last marked as used (epoch ms; null before its first mark). */
  session_last_seen_at: number | null
}

export interface HotPathReads {
  /** The user of a session neither revoked nor expired at `now`. */
  activeSession(tokenHash: string, now: number): Promise<ActiveSessionRow | undefined>
  /** Seconds a user watched on a local day (0 for a day without a total). */
  watchSeconds(userId: number, day: string): Promise<number>
}

const ACTIVE_SESSION = (p: (n: number) => string) => `SELECT u.*, s.expires_at AS session_expires_at, s.last_seen_at AS session_last_seen_at
  FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.token_hash = ${p(1)} AND s.revoked_at IS NULL AND s.expires_at > ${p(2)}`
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
      async watchSeconds(userId, day) {
        const result = await pool.query<{ watch_seconds: number }>({ name: 'hot-watch-seconds', text: WATCH_SECONDS(p), values: [userId, day] })
        return result.rows[0]?.watch_seconds ?? 0
      },
    }
  }
  const p = () => '?'
  const sqlite = engine.sqlite!
  const active = sqlite.prepare<[string, number], ActiveSessionRow>(ACTIVE_SESSION(p))
  const watched = sqlite.prepare<[number, string], { watch_seconds: number }>(WATCH_SECONDS(p))
  return {
    activeSession: (tokenHash, now) => Promise.resolve(active.get(tokenHash, now)),
    watchSeconds: (userId, day) => Promise.resolve(watched.get(userId, day)?.watch_seconds ?? 0),
  }
}
