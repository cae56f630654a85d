import { Router } from 'express'
import { sql, type Kysely } from 'kysely'
import type { ProcessRole } from '../background.ts'
import type { EngineName } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'
import type { DemoProgress } from '../../../contract/index.ts'
import { on } from './route.ts'

/**
 * While a new server makes its demo catalogue, how many of its videos are ready (null otherwise): the
 * videos page says so instead of "no videos" (issue 41). Never cached: it changes as the videos come.
 */
export function demoRoutes(router: Router, deps: { progress: () => Promise<DemoProgress | null> }) {
  on(router, 'demo.progress', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await deps.progress() })
  })
}

/** Answers once the database answers, with this process's role (api, or api+worker when WORKERS > 0). */
export function healthRoutes(router: Router, deps: { database: { engine: EngineName; db: Kysely<Database> }; version: string; role: ProcessRole }) {
  on(router, 'health.get', async (_req, res) => {
    await sql`SELECT 1`.execute(deps.database.db)
    res.set('Cache-Control', 'no-store').json({ status: 'ok', version: deps.version, database: deps.database.engine, role: deps.role })
  })
}
