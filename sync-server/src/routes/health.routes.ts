import { sql, type Kysely } from 'kysely'
import type { ProcessRole } from '../background.ts'
import type { EngineName } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'
import type { Routes } from './route.ts'

/** Answers once the database answers, with this process's role (api, or api+worker when WORKERS > 0). */
export function healthRoutes(routes: Routes, deps: { database: { engine: EngineName; db: Kysely<Database> }; version: string; role: ProcessRole }) {
  routes.add('health.get', async ({ res }) => {
    await sql`SELECT 1`.execute(deps.database.db)
    res.set('Cache-Control', 'no-store').json({ status: 'ok', version: deps.version, database: deps.database.engine, role: deps.role })
  })
}
