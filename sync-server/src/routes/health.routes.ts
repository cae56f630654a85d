import { sql, type Kysely } from 'kysely'
import { ERROR_CODES, type DemoProgress } from '../../../contract/index.ts'
import type { ProcessRole } from '../background.ts'
import type { EngineName } from '../db/engine.ts'
import type { Database } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { Readiness } from '../services/readiness.service.ts'
import type { Routes } from './route.ts'

/**
 * While a new server makes its demo catalogue, how many of its videos are ready (null otherwise): the
 * videos page says so instead of "no videos" (issue 41). Never cached: it changes as the videos come.
 */
export function demoRoutes(routes: Routes, deps: { progress: (language?: string) => Promise<DemoProgress | null> }) {
  routes.add('demo.progress', async ({ res, query }) => {
    res.set('Cache-Control', 'no-store').json({ data: await deps.progress(query.language) })
  })
}

/**
 * /health answers once the database answers, with this process's role (api, or api+worker when
 * WORKERS > 0). /health/live: the process answers, whatever else is down (a supervisor restarts a process
 * that stops answering this). /health/ready: the process should get requests (services/readiness.service.ts);
 * 503 with what is wrong otherwise, which a load balancer or the restart script waits out.
 */
export function healthRoutes(routes: Routes, deps: { database: { engine: EngineName; db: Kysely<Database> }; version: string; role: ProcessRole; readiness: Readiness }) {
  routes.add('health.get', async ({ res }) => {
    await sql`SELECT 1`.execute(deps.database.db)
    res.set('Cache-Control', 'no-store').json({ status: 'ok', version: deps.version, database: deps.database.engine, role: deps.role })
  })
  routes.add('health.live', ({ res }) => {
    res.set('Cache-Control', 'no-store').json({ status: 'live' })
  })
  routes.add('health.ready', async ({ res }) => {
    const { ready, checks } = await deps.readiness.check()
    if (!ready) {
      const wrong = Object.values(checks).filter((value) => value !== 'ok')
      // Expected: a probe asks this every few seconds while the database is away, and the answer says it all.
      throw new ApiError(503, ERROR_CODES.notReady, `Not ready: ${wrong.join('; ')}.`, { extra: { checks }, headers: { 'Cache-Control': 'no-store' }, expected: true })
    }
    res.set('Cache-Control', 'no-store').json({ status: 'ready', checks })
  })
}
