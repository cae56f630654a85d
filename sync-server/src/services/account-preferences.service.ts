/**
 * Account preferences (issue 41 items 10, 23): POST /me/preferences (an outbox call) and GET /me/preferences.
 *
 * The rules of POST /me/preferences (each change judged alone, like /word_states):
 * - Per person and name, the change with the latest occurred_at wins, whatever order batches arrive in
 *   (ties: the larger client_id); the upsert's own WHERE decides, so two devices converge.
 * - A change whose client_id is the one kept is `duplicate`; a repeat of a change already replaced is
 *   `accepted` again and changes nothing (it loses to the later one).
 * - A winning `ui_language` is also written to users.ui_language (e-mails are written in it); a winning
 *   `daily_goal_minutes` sets the goal as PATCH /me/daily_goal does, in the same transaction.
 * - Refused: `invalid_preference` (name or value), `unknown_language` (learning_language),
 *   `in_the_future` (more than 5 minutes ahead: it would win every later change).
 */
import type { Kysely } from 'kysely'
import {
  PREFERENCE_VALUES,
  preferenceChangeSchema,
  WATCH_EVENT_MAX_FUTURE_MINUTES,
  type MyPreferences,
  type PreferenceName,
  type PreferenceRejection,
  type PreferencesResult,
} from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { createAccountPreferencesRepository, type AccountPreferenceRow } from '../repositories/account-preferences.repository.ts'
import { createLanguagesRepository } from '../repositories/languages.repository.ts'
import { createUsersRepository, type UserRow } from '../repositories/users.repository.ts'
import { localToday } from '../rules/time-zones.ts'
import { recordDailyGoal } from './users.service.ts'

const MESSAGES: Record<Exclude<PreferenceRejection, 'invalid_preference'>, string> = {
  unknown_language: 'No such language.',
  in_the_future: 'The change is in the future.',
}

type ResultData = PreferencesResult['data']
type Parsed = { row: AccountPreferenceRow } | { clientId: string | null; error: PreferenceRejection; message: string }

const wins = (a: AccountPreferenceRow, b: AccountPreferenceRow) => a.occurred_ms > b.occurred_ms || (a.occurred_ms === b.occurred_ms && a.client_id > b.client_id)

export type AccountPreferencesService = ReturnType<typeof createAccountPreferencesService>

export function createAccountPreferencesService(deps: { db: Kysely<Database>; locking: Locking; clock: Clock }) {
  function parse(user: UserRow, item: unknown, latest: number): Parsed {
    const given = (item as { client_id?: unknown } | null)?.client_id
    const clientId = typeof given === 'string' ? given.slice(0, 64).toLowerCase() : null
    const read = preferenceChangeSchema.safeParse(item)
    if (!read.success) {
      const message = read.error.issues.map((issue) => `${issue.path.join('.') || 'preference'}: ${issue.message}`).join('; ')
      return { clientId, error: 'invalid_preference', message }
    }
    const change = read.data as { client_id: string; name: string; value: unknown; occurred_at: string }
    const occurredMs = Date.parse(change.occurred_at)
    if (occurredMs > latest) return { clientId, error: 'in_the_future', message: MESSAGES.in_the_future }
    return {
      row: {
        user_id: user.id,
        name: change.name,
        value: JSON.stringify(change.value),
        client_id: change.client_id.toLowerCase(),
        occurred_at: new Date(occurredMs).toISOString(),
        occurred_ms: occurredMs,
      },
    }
  }

  async function knownLanguage(code: string): Promise<boolean> {
    return createLanguagesRepository(deps.db).exists(code)
  }

  /** What a winning change does beyond its row. */
  async function applyEffects(trx: Kysely<Database>, user: UserRow, winners: ReadonlyMap<string, AccountPreferenceRow>, written: ReadonlySet<string>) {
    const value = (name: PreferenceName) => (written.has(name) ? (JSON.parse(winners.get(name)!.value) as unknown) : undefined)
    const uiLanguage = value('ui_language')
    if (uiLanguage === 'en' || uiLanguage === 'vi') await createUsersRepository(trx).setUiLanguage(user.id, uiLanguage)
    const goal = value('daily_goal_minutes')
    if (typeof goal === 'number') await recordDailyGoal(trx, user, localToday(deps.clock.now(), user.time_zone), goal)
  }

  return {
    async record(user: UserRow, items: readonly unknown[]): Promise<ResultData> {
      const latest = deps.clock.now() + WATCH_EVENT_MAX_FUTURE_MINUTES * 60_000
      const result: ResultData = { accepted: [], duplicate: [], rejected: [] }
      const parsed: Parsed[] = []
      for (const item of items) {
        const entry = parse(user, item, latest)
        if ('row' in entry && entry.row.name === 'learning_language' && !(await knownLanguage(JSON.parse(entry.row.value) as string)))
          parsed.push({ clientId: entry.row.client_id, error: 'unknown_language', message: MESSAGES.unknown_language })
        else parsed.push(entry)
      }
      const valid = parsed.flatMap((entry) => ('row' in entry ? [entry.row] : []))
      return personTransaction(deps.db, deps.locking, user.id, async (trx) => {
        const preferences = createAccountPreferencesRepository(trx)
        const kept = await preferences.keptClientIds(user.id, valid.map((row) => row.client_id))
        const seen = new Set<string>()
        // One row per name (the batch's winner): an upsert may not touch a row twice in one statement.
        const winners = new Map<string, AccountPreferenceRow>()
        for (const entry of parsed) {
          if (!('row' in entry)) {
            result.rejected.push({ client_id: entry.clientId, error: entry.error, message: entry.message })
            continue
          }
          const { row } = entry
          if (kept.has(row.client_id) || seen.has(row.client_id)) {
            result.duplicate.push(row.client_id)
            continue
          }
          seen.add(row.client_id)
          result.accepted.push(row.client_id)
          const before = winners.get(row.name)
          if (!before || wins(row, before)) winners.set(row.name, row)
        }
        const written = await preferences.saveLatest([...winners.values()])
        await applyEffects(trx, user, winners, written)
        return result
      })
    },

    /** GET /me/preferences: every preference the account holds, with when it was set. */
    async list(user: UserRow): Promise<MyPreferences> {
      const rows = await createAccountPreferencesRepository(deps.db).list(user.id)
      const answer: MyPreferences = { values: {}, updated_at: {} }
      for (const row of rows) {
        const name = row.name as PreferenceName
        const read = PREFERENCE_VALUES[name]?.safeParse(JSON.parse(row.value))
        if (!read?.success) continue // a value an older rule allowed: as if never set
        ;(answer.values as Record<string, unknown>)[name] = read.data
        answer.updated_at[name] = row.occurred_at
      }
      return answer
    },
  }
}
