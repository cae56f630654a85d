import type { Db } from '../db/connection.ts'

export interface OtpCodeRow {
  id: number
  email: string
  code_hash: string
  requested_ip: string
  created_at: number
  expires_at: number
  wrong_tries: number
  consumed_at: number | null
}

export type OtpCodesRepository = ReturnType<typeof createOtpCodesRepository>

export function createOtpCodesRepository(db: Db) {
  const sentToAddressSince = db.prepare<[string, number], { count: number; oldest: number | null }>(
    'SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM otp_codes WHERE email = ? AND created_at > ?',
  )
  const sentFromIpSince = db.prepare<[string, number], { count: number; oldest: number | null }>(
    'SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM otp_codes WHERE requested_ip = ? AND created_at > ?',
  )
  const sentToPairSince = db.prepare<[string, string, number], { count: number; oldest: number | null }>(
    'SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM otp_codes WHERE email = ? AND requested_ip = ? AND created_at > ?',
  )
  const retireLive = db.prepare<[number, string]>(
    'UPDATE otp_codes SET consumed_at = ? WHERE email = ? AND consumed_at IS NULL',
  )
  const retireLiveOfPair = db.prepare<[number, string, string]>(
    'UPDATE otp_codes SET consumed_at = ? WHERE email = ? AND requested_ip = ? AND consumed_at IS NULL',
  )
  const insert = db.prepare<[string, string, string, number, number]>(
    'INSERT INTO otp_codes (email, code_hash, requested_ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  )
  const newestUnused = db.prepare<[string], OtpCodeRow>(
    'SELECT * FROM otp_codes WHERE email = ? AND consumed_at IS NULL ORDER BY id DESC LIMIT 1',
  )
  const newestUnusedOfPair = db.prepare<[string, string], OtpCodeRow>(
    'SELECT * FROM otp_codes WHERE email = ? AND requested_ip = ? AND consumed_at IS NULL ORDER BY id DESC LIMIT 1',
  )
  const wrongTry = db.prepare<[number], { wrong_tries: number }>(
    'UPDATE otp_codes SET wrong_tries = wrong_tries + 1 WHERE id = ? RETURNING wrong_tries',
  )
  const consume = db.prepare<[number, number]>(
    'UPDATE otp_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL',
  )
  const remove = db.prepare<[number]>('DELETE FROM otp_codes WHERE id = ?')
  const prune = db.prepare<[number]>('DELETE FROM otp_codes WHERE created_at < ?')

  return {
    sentToAddressSince: (email: string, since: number) => sentToAddressSince.get(email, since)!,
    sentFromIpSince: (ip: string, since: number) => sentFromIpSince.get(ip, since)!,
    sentToPairSince: (email: string, ip: string, since: number) => sentToPairSince.get(email, ip, since)!,
    /**
     * Stores a new code; earlier codes asked for by the same IP stop working. Codes another network
     * asked for stay alive, so a stranger asking for codes cannot void the owner's. Returns the row id.
     */
    replace: db.transaction((email: string, codeHash: string, ip: string, now: number, expiresAt: number) => {
      retireLiveOfPair.run(now, email, ip)
      return Number(insert.run(email, codeHash, ip, now, expiresAt).lastInsertRowid)
    }),
    /** The newest code not yet used (it may have expired or died of wrong tries). */
    newestUnused: (email: string) => newestUnused.get(email),
    newestUnusedOfPair: (email: string, ip: string) => newestUnusedOfPair.get(email, ip),
    /** After a sign-in: every other code of the address stops working. */
    retireAll: (email: string, now: number) => void retireLive.run(now, email),
    recordWrongTry: (id: number) => wrongTry.get(id)!.wrong_tries,
    /** True when this call used the code (a second use of the same code loses the race). */
    consume: (id: number, now: number) => consume.run(now, id).changes === 1,
    remove: (id: number) => void remove.run(id),
    pruneOlderThan: (cutoff: number) => prune.run(cutoff).changes,
  }
}
