/**
 * GET /me/daily_progress on the real server (bearer token lookup + SQLite read, logging on) against a
 * bare Express 5 route and a bare node:http server, run one after the other in this same run.
 * Goal: ≥ 0.7 of bare Express with p99 < 25 ms.
 * On PostgreSQL (issue 16): the server with DATABASE_URL against a bare Express 5 route doing the same
 * lookup (token hash, session joined to its user, today's seconds) on the same database; same goal.
 */
import { startChildServer } from './lib/child-server.ts'
import { load, type LoadResult } from './lib/load.ts'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'

export interface ApiBenchResult {
  nodeHttp: LoadResult
  bareExpress: LoadResult
  app: LoadResult
  ratioToExpress: number
  ratioToNodeHttp: number
  goalMet: boolean
}

async function measure(script: string, headers?: (info: { token?: string }) => Record<string, string>, env: Record<string, string> = {}) {
  const server = await startChildServer<{ url: string; token?: string }>(script, env)
  try {
    return await load(server.info.url, { headers: headers?.(server.info) })
  } finally {
    await server.stop()
  }
}

export async function runApiBench(): Promise<ApiBenchResult> {
  const nodeHttp = await measure('bare-http.ts')
  const bareExpress = await measure('bare-express.ts')
  const app = await measure('app-server.ts', (info) => ({
    authorization: `Bearer ${info.token}`,
    'x-time-zone': 'Asia/Ho_Chi_Minh',
  }))
  if (app.non2xx > 0 || app.errors > 0) throw new Error(`the app answered ${app.non2xx} non-2xx and ${app.errors} errors`)
  const ratioToExpress = app.requestsPerSecond / bareExpress.requestsPerSecond
  return {
    nodeHttp,
    bareExpress,
    app,
    ratioToExpress,
    ratioToNodeHttp: app.requestsPerSecond / nodeHttp.requestsPerSecond,
    goalMet: ratioToExpress >= 0.7 && app.p99Ms < 25,
  }
}

export interface ApiPostgresBenchResult {
  /** Why it did not run, or the server's description ("PostgreSQL 15.x, default durability (…)"). */
  postgres: string
  bareExpress?: LoadResult
  app?: LoadResult
  ratioToExpress?: number
  goalMet?: boolean
}

const APP_HEADERS = (token: string) => ({ authorization: `Bearer ${token}`, 'x-time-zone': 'Asia/Ho_Chi_Minh' })

/** The same call on PostgreSQL: the app, then the bare route on the database the app filled. */
export async function runApiPostgresBench(): Promise<ApiPostgresBenchResult> {
  const unavailable = postgresUnavailable()
  if (unavailable) return { postgres: `skipped: ${unavailable}` }
  const postgres = await startBenchPostgres()
  try {
    const database = await postgres.createDatabase()
    try {
      // The app fills the database (user, session, today's total) and stays up; the bare route reads the
      // same rows. Two rounds each, alternating, bare first; the better round of each counts.
      const appServer = await startChildServer<{ url: string; token: string }>('app-server.ts', { DATABASE_URL: database.url })
      const bare = await startChildServer<{ url: string }>('bare-express-pg.ts', { DATABASE_URL: database.url })
      const better = (a: LoadResult | undefined, b: LoadResult) => (a && a.requestsPerSecond >= b.requestsPerSecond ? a : b)
      let app: LoadResult | undefined
      let bareExpress: LoadResult | undefined
      try {
        const headers = APP_HEADERS(appServer.info.token)
        for (let round = 0; round < 2; round++) {
          bareExpress = better(bareExpress, await load(bare.info.url, { headers }))
          app = better(app, await load(appServer.info.url, { headers }))
        }
      } finally {
        await bare.stop()
        await appServer.stop()
      }
      if (!app || !bareExpress) throw new Error('no round ran')
      for (const [name, result] of [['app', app], ['bare route', bareExpress]] as const) {
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`the ${name} on PostgreSQL answered ${result.non2xx} non-2xx and ${result.errors} errors`)
      }
      const ratioToExpress = app.requestsPerSecond / bareExpress.requestsPerSecond
      return { postgres: await postgres.describe(), bareExpress, app, ratioToExpress, goalMet: ratioToExpress >= 0.7 && app.p99Ms < 25 }
    } finally {
      await database.drop()
    }
  } finally {
    postgres.stop()
  }
}
