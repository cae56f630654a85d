/** Users as tests set them up, through Kysely so the same call works on SQLite and PostgreSQL. */
import type { RowUpdate } from '../src/db/schema.ts'
import type { TestServer } from './test-server.ts'

/** Changes columns of a user straight in the database (flags as 0/1). */
export async function updateUser(server: TestServer, userId: number, changes: RowUpdate<'users'>): Promise<void> {
  await server.ctx.database.db.updateTable('users').set(changes).where('id', '=', userId).execute()
}

export const makeContributor = (server: TestServer, userId: number) => updateUser(server, userId, { is_contributor: 1 })
