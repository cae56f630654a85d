import type { Db } from '../db/connection.ts'
import type { UserRow } from './users.repository.ts'

export type SessionsRepository = ReturnType<typeof createSessionsRepository>

/** The user row plus when the session ends, as one row: this runs on every signed-in call. */
export type SessionUserRow = UserRow & { session_expires_at: number }

export function createSessionsRepository(db: Db) {
  const insert = db.prepare<[string, number, number, number]>(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  )
  // Every signed-in call runs this: one indexed join, no write.
  const active = db.prepare<[string, number], SessionUserRow>(
    `SELECT u.*, s.expires_at AS session_expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
  )
  const revoke = db.prepare<[number, string]>(
    'UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL',
  )
  const extend = db.prepare<[number, string]>('UPDATE sessions SET expires_at = ? WHERE token_hash = ?')

  return {
    create: (tokenHash: string, userId: number, now: number, expiresAt: number) =>
      void insert.run(tokenHash, userId, now, expiresAt),
    findActive: (tokenHash: string, now: number) => active.get(tokenHash, now),
    revoke: (tokenHash: string, now: number) => void revoke.run(now, tokenHash),
    extend: (tokenHash: string, expiresAt: number) => void extend.run(expiresAt, tokenHash),
  }
}
