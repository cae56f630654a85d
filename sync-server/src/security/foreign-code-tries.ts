/**
 * Wrong tries made against a code from a network other than the one that asked for it (a person who
 * asked on Wi-Fi and typed the code on mobile data, or a stranger guessing). They are counted here,
 * not on the code, so a stranger's guesses cannot kill the owner's code: past the limit, only tries
 * from other networks are refused, and the owner's own network still signs in.
 *
 * Kept in memory: a code lives ten minutes, and a restart (which an attacker cannot cause) gives back
 * at most one more round of guesses for the codes alive at that moment.
 */
export function createForeignCodeTries(limit: number) {
  const tries = new Map<number, { count: number; expiresAt: number }>()

  function prune(now: number) {
    for (const [id, entry] of tries) if (entry.expiresAt <= now) tries.delete(id)
  }

  return {
    exhausted: (codeId: number) => (tries.get(codeId)?.count ?? 0) >= limit,
    record(codeId: number, expiresAt: number, now: number) {
      prune(now)
      const entry = tries.get(codeId) ?? { count: 0, expiresAt }
      entry.count++
      tries.set(codeId, entry)
    },
  }
}
