/**
 * How the device folds word states (api-contract "Words"): per language and key, the change with the
 * latest `occurred_at` wins, on the device as on the server. Pure, so it is tested alone.
 */
import type { MyWordStates } from '../../../../contract/schemas/words.ts'
import type { WordStateRecord } from '../db.ts'

/** The state that stands of two changes of one word: the later one (a tie: the incoming one). */
export function laterState(kept: WordStateRecord | undefined, incoming: WordStateRecord): WordStateRecord {
  return kept && kept.occurredAt > incoming.occurredAt ? kept : incoming
}

/**
 * The server's list of a language (every key not `new`) folded into the device's copy. A key the server
 * does not list is `new` there: the device drops it, unless a change of it still waits in the outbox
 * (`pending`), which the server has not seen yet.
 */
export function foldPulled(
  language: string,
  local: readonly WordStateRecord[],
  server: MyWordStates,
  pending: ReadonlySet<string>,
): { put: WordStateRecord[]; remove: string[] } {
  const byKey = new Map(local.map((record) => [record.key, record]))
  const put: WordStateRecord[] = []
  const listed = new Set<string>()
  for (const row of server) {
    listed.add(row.key)
    const incoming: WordStateRecord = { language, key: row.key, state: row.state, occurredAt: Date.parse(row.updated_at) }
    const kept = byKey.get(row.key)
    const stands = laterState(kept, incoming)
    if (stands !== kept && (kept?.state !== stands.state || kept.occurredAt !== stands.occurredAt)) put.push(stands)
  }
  const remove = local.filter((record) => !listed.has(record.key) && !pending.has(record.key)).map((record) => record.key)
  return { put, remove }
}
