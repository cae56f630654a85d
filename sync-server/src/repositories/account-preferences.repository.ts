/**
 * A person's account preferences (migration 0022). The latest change of a preference wins inside the
 * upsert itself (its WHERE), so batches arriving in any order, or at once from two devices, leave the
 * same row; RETURNING names the changes that won, whose effects (users.ui_language, the goal) follow.
 */
import { sql, type Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type AccountPreferenceRow = Row<'account_preferences'>

export function createAccountPreferencesRepository(db: Kysely<Database>) {
  return {
    /** The client ids of the changes kept now, among those given (a repeat of the kept change is a duplicate). */
    async keptClientIds(userId: number, clientIds: readonly string[]): Promise<Set<string>> {
      if (clientIds.length === 0) return new Set()
      const rows = await db.selectFrom('account_preferences').select('client_id').where('user_id', '=', userId).where('client_id', 'in', [...clientIds]).execute()
      return new Set(rows.map((row) => row.client_id))
    },
    /** Writes each change unless the kept one is later (by occurred_ms, then client_id); answers the names written. */
    async saveLatest(rows: readonly AccountPreferenceRow[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set()
      const written = await db
        .insertInto('account_preferences')
        .values([...rows])
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'name'])
            .doUpdateSet((eb) => ({
              value: eb.ref('excluded.value'),
              client_id: eb.ref('excluded.client_id'),
              occurred_at: eb.ref('excluded.occurred_at'),
              occurred_ms: eb.ref('excluded.occurred_ms'),
            }))
            .where(
              sql<boolean>`(excluded.occurred_ms > account_preferences.occurred_ms or (excluded.occurred_ms = account_preferences.occurred_ms and excluded.client_id > account_preferences.client_id))`,
            ),
        )
        .returning('name')
        .execute()
      return new Set(written.map((row) => row.name))
    },
    list(userId: number): Promise<Array<Pick<AccountPreferenceRow, 'name' | 'value' | 'occurred_at'>>> {
      return db.selectFrom('account_preferences').select(['name', 'value', 'occurred_at']).where('user_id', '=', userId).orderBy('name').execute()
    },
  }
}
