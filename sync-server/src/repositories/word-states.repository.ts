/**
 * A learner's word states (migration 0030) and the client ids received for them. The latest state of a
 * key wins inside the upsert itself (its WHERE), so batches arriving in any order, or at once from two
 * devices, leave the same row.
 */
import { sql, type Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type WordStateRow = Row<'word_states'>


export function createWordStatesRepository(db: Kysely<Database>) {
  return {
    async storedClientIds(userId: number, clientIds: readonly string[]): Promise<Set<string>> {
      if (clientIds.length === 0) return new Set()
      const rows = await db.selectFrom('word_state_receipts').select('client_id').where('user_id', '=', userId).where('client_id', 'in', [...clientIds]).execute()
      return new Set(rows.map((row) => row.client_id))
    },
    /** Inserts receipts; answers the client ids that were new (one stored meanwhile is left out). */
    async insertReceipts(userId: number, clientIds: readonly string[]): Promise<Set<string>> {
      if (clientIds.length === 0) return new Set()
      const rows = await db
        .insertInto('word_state_receipts')
        .values(clientIds.map((clientId) => ({ user_id: userId, client_id: clientId })))
        .onConflict((conflict) => conflict.doNothing())
        .returning('client_id')
        .execute()
      return new Set(rows.map((row) => row.client_id))
    },
    /** Writes each state unless the kept one is later (by occurred_ms, then client_id). */
    async saveLatest(rows: readonly WordStateRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('word_states')
          .values(rows.slice(i, i + 200))
          .onConflict((conflict) =>
            conflict
              .columns(['user_id', 'language_code', 'key'])
              .doUpdateSet((eb) => ({
                state: eb.ref('excluded.state'),
                client_id: eb.ref('excluded.client_id'),
                occurred_at: eb.ref('excluded.occurred_at'),
                occurred_ms: eb.ref('excluded.occurred_ms'),
                received_at: eb.ref('excluded.received_at'),
              }))
              .where(
                sql<boolean>`(excluded.occurred_ms > word_states.occurred_ms or (excluded.occurred_ms = word_states.occurred_ms and excluded.client_id > word_states.client_id))`,
              ),
          )
          .execute()
      }
    },
    /** Every key of a language whose state is not `new`, in key order. */
    listKept(userId: number, languageCode: string): Promise<Array<Pick<WordStateRow, 'key' | 'state' | 'occurred_at'>>> {
      return db
        .selectFrom('word_states')
        .select(['key', 'state', 'occurred_at'])
        .where('user_id', '=', userId)
        .where('language_code', '=', languageCode)
        .where('state', '<>', 'new')
        .orderBy('key')
        .execute()
    },
  }
}
