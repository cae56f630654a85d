import type { Db } from '../db/connection.ts'

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>

export function createWaitlistRepository(db: Db) {
  const insert = db.prepare<[string, string]>('INSERT INTO waitlist (email, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
  const has = db.prepare<[string], { email: string }>('SELECT email FROM waitlist WHERE email = ?')
  return {
    add: (email: string, nowIso: string) => void insert.run(email, nowIso),
    has: (email: string) => has.get(email) !== undefined,
  }
}
