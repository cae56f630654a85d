import { Router } from 'express'
import { sql, type Kysely } from 'kysely'
import type { ProcessRole } from '../background.ts'
import type { EngineName } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'
import { on } from './route.ts'

/** Answers once the database answers, with this process's role (api, or api+worker when WORKERS > 0). */
export function healthRoutes(router: Router, deps: { database: { engine: EngineName; db: Kysely<Database> }; version: string; role: ProcessRole }) {
  on(router, 'health.get', async (_req, res) => {
    await sql`SELECT 1`.execute(deps.database.db)
    res.set('Cache-Control', 'no-store').json({ status: 'ok', version: deps.version, database: deps.database.engine, role: deps.role })
  })
}
