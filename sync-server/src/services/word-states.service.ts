/**
 * Which words a learner knows (issue 42), from the outbox: POST /word_states and GET /me/word_states.
 *
 * The rules of POST /word_states (like /watch_events and /ratings, each state judged alone):
 * - (user, client_id) is kept for every state received (word_state_receipts): a repeat answers
 *   `duplicate` and changes nothing, even once its state was replaced.
 * - Per learner, language and key, the state with the latest occurred_at wins, whatever order batches
 *   arrive in (ties: the larger client_id); the upsert's own WHERE decides, so two devices' batches at
 *   once leave the same row. `new` is kept as a row too (it clears the word), so an older `known`
 *   arriving late cannot bring the word back.
 * - The key is made the key (contract/segment.ts wordKey: NFC, lower case) whatever the client sent.
 * - Refused: `invalid_word_state` (shape, a key with no letters), `unknown_language`, `in_the_future`
 *   (more than 5 minutes ahead: it would win every later change).
 * - A batch runs in one transaction under the lock on the user's rows; receipts stored meanwhile (the
 *   same batch sent twice at once) undo it and it is tried again, so nothing is half-written.
 */
import type { Kysely } from 'kysely'
import {
  WATCH_EVENT_MAX_FUTURE_MINUTES,
  wordKey,
  wordStateSchema,
  type MyWordStates,
  type WordStateRejection,
  type WordStatesResult,
} from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../errors.ts'
import { createLanguagesRepository } from '../repositories/languages.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { createWordStatesRepository, type WordStateRow } from '../repositories/word-states.repository.ts'

const MESSAGES: Record<WordStateRejection, string> = {
  invalid_word_state: 'A word state needs a client_id, a language, a key, a state (new, learning, known or ignored) and occurred_at.',
  unknown_language: 'No such language.',
  in_the_future: 'The word state is in the future.',
}

export type WordStatesResultData = WordStatesResult['data']

/** Thrown when a receipt was stored meanwhile: the transaction is undone and tried again. */
class ConcurrentWordStateError extends Error {
  readonly code = 'retry'
}

/** Whether `a` wins over `b`: later, or as late with the larger client_id. */
const wins = (a: Pick<WordStateRow, 'occurred_ms' | 'client_id'>, b: Pick<WordStateRow, 'occurred_ms' | 'client_id'>) =>
  a.occurred_ms > b.occurred_ms || (a.occurred_ms === b.occurred_ms && a.client_id > b.client_id)

export type WordStatesService = ReturnType<typeof createWordStatesService>

export function createWordStatesService(deps: { db: Kysely<Database>; locking: Locking; clock: Clock }) {
  async function languages(codes: readonly string[]): Promise<Set<string>> {
    const repository = createLanguagesRepository(deps.db)
    const known = new Set<string>()
    for (const code of new Set(codes)) if (await repository.exists(code)) known.add(code)
    return known
  }

  async function attempt(user: UserRow, items: readonly unknown[]): Promise<WordStatesResultData> {
    const now = deps.clock.now()
    const latest = now + WATCH_EVENT_MAX_FUTURE_MINUTES * 60_000
    const result: WordStatesResultData = { accepted: [], duplicate: [], rejected: [] }
    type Parsed = { index: number; row: WordStateRow }
    const parsed: Array<Parsed | { index: number; clientId: string | null; error: WordStateRejection; message: string }> = []
    const receivedAt = new Date(now).toISOString()
    for (const [index, item] of items.entries()) {
      const read = wordStateSchema.safeParse(item)
      const given = (item as { client_id?: unknown } | null)?.client_id
      const clientId = typeof given === 'string' ? given.slice(0, 64).toLowerCase() : null
      if (!read.success) {
        const message = read.error.issues.map((issue) => `${issue.path.join('.') || 'state'}: ${issue.message}`).join('; ')
        parsed.push({ index, clientId, error: 'invalid_word_state', message })
        continue
      }
      const key = wordKey(read.data.key, read.data.language)
      const occurredMs = Date.parse(read.data.occurred_at)
      if (!key) parsed.push({ index, clientId, error: 'invalid_word_state', message: 'key: a word has at least one letter.' })
      else
        parsed.push({
          index,
          row: {
            user_id: user.id,
            language_code: read.data.language,
            key,
            state: read.data.state,
            client_id: read.data.client_id.toLowerCase(),
            occurred_at: new Date(occurredMs).toISOString(),
            occurred_ms: occurredMs,
            received_at: receivedAt,
          },
        })
    }
    const valid = parsed.flatMap((entry) => ('row' in entry ? [entry.row] : []))
    const knownLanguages = await languages(valid.map((row) => row.language_code))

    return personTransaction(deps.db, deps.locking, user.id, async (trx) => {
      const states = createWordStatesRepository(trx)
      const stored = await states.storedClientIds(user.id, valid.map((row) => row.client_id))
      const seen = new Set<string>()
      // One row per key (the batch's winner): an upsert may not touch a row twice in one statement.
      const winners = new Map<string, WordStateRow>()
      for (const entry of parsed) {
        if (!('row' in entry)) {
          result.rejected.push({ client_id: entry.clientId, error: entry.error, message: entry.message })
          continue
        }
        const row = entry.row
        if (stored.has(row.client_id) || seen.has(row.client_id)) {
          result.duplicate.push(row.client_id)
          continue
        }
        seen.add(row.client_id)
        const refusal: WordStateRejection | undefined = !knownLanguages.has(row.language_code) ? 'unknown_language' : row.occurred_ms > latest ? 'in_the_future' : undefined
        if (refusal) {
          result.rejected.push({ client_id: row.client_id, error: refusal, message: MESSAGES[refusal] })
          continue
        }
        result.accepted.push(row.client_id)
        const slot = `${row.language_code}\u0000${row.key}`
        const kept = winners.get(slot)
        if (!kept || wins(row, kept)) winners.set(slot, row)
      }
      const inserted = await states.insertReceipts(user.id, result.accepted)
      if (inserted.size !== result.accepted.length) throw new ConcurrentWordStateError('a word state of the batch was stored meanwhile')
      await states.saveLatest([...winners.values()])
      return result
    })
  }

  return {
    async record(user: UserRow, items: readonly unknown[]): Promise<WordStatesResultData> {
      try {
        return await attempt(user, items)
      } catch (error) {
        // The same batch sent twice at once: the first has committed by now, so this one reads its receipts.
        if (error instanceof ConcurrentWordStateError) return attempt(user, items)
        throw error
      }
    },

    /** GET /me/word_states?language=: every key not `new`, with when its state was set. */
    async list(user: UserRow, language: string): Promise<MyWordStates> {
      if (!(await createLanguagesRepository(deps.db).exists(language))) throw notFound('No such language.')
      const rows = await createWordStatesRepository(deps.db).listKept(user.id, language)
      return rows.map((row) => ({ key: row.key, state: row.state as MyWordStates[number]['state'], updated_at: row.occurred_at }))
    },
  }
}
