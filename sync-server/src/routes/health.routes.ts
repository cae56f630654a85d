import { Router } from 'express'
import { sql, type Kysely } from 'kysely'
import type { EngineName } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'

/** Answers once the database answers. `role` stays api+worker until API and job processes can be split. */
export function healthRoutes(router: Router, deps: { database: { engine: EngineName; db: Kysely<Database> }; version: string }) {
  router.get('/health', async (_req, res) => {
    await sql`SELECT 1`.execute(deps.database.db)
    res.set('Cache-Control', 'no-store').json({ status: 'ok', version: deps.version, database: deps.database.engine, role: 'api+worker' })
  })
}
