/**
 * GET /me/daily_progress on the real server (bearer token lookup + SQLite read, logging on) against a
 * bare Express 5 route and a bare node:http server in this same run. Goal: ≥ 0.7 of bare Express with
 * p99 < 25 ms. Beside it, the floor beneath the server: bare Express doing the same read on the
 * same SQLite file (bench/servers/bare-express-sqlite.ts), so what our own layers cost is shown apart
 * from what the lookups themselves cost.
 * On PostgreSQL (issue 16): the server with DATABASE_URL against a bare Express 5 route doing the same
 * lookup (token hash, session joined to its user, today's seconds) on the same database; same goal.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startChildServer } from './lib/child-server.ts'
import { load, type LoadResult } from './lib/load.ts'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'

export interface ApiBenchResult {
  nodeHttp: LoadResult
  bareExpress: LoadResult
  /** The floor beneath the server: bare Express doing the same read on the same SQLite file. */
  bareSqlite: LoadResult
  app: LoadResult
  ratioToExpress: number
  ratioToSqliteFloor: number
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

const APP_HEADERS = (token: string) => ({ authorization: `Bearer ${token}`, 'x-time-zone': 'Asia/Ho_Chi_Minh' })

const better = (a: LoadResult | undefined, b: LoadResult) => (a && a.requestsPerSecond >= b.requestsPerSecond ? a : b)

/**
 * Two rounds of each side, alternating (bare Express, the SQLite floor, the server), the better round
 * of each counting, as on PostgreSQL below: one slow moment of the machine then moves no side alone.
 */
export async function runApiBench(): Promise<ApiBenchResult> {
  const nodeHttp = await measure('bare-http.ts')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-api-'))
  try {
    const appServer = await startChildServer<{ url: string; token: string }>('app-server.ts', { BENCH_DATA_DIR: dataDir })
    const bare = await startChildServer<{ url: string }>('bare-express.ts')
    const floor = await startChildServer<{ url: string }>('bare-express-sqlite.ts', { BENCH_DATA_DIR: dataDir })
    let bareExpress: LoadResult | undefined
    let bareSqlite: LoadResult | undefined
    let app: LoadResult | undefined
    try {
      const headers = APP_HEADERS(appServer.info.token)
      for (let round = 0; round < 2; round++) {
        bareExpress = better(bareExpress, await load(bare.info.url))
        bareSqlite = better(bareSqlite, await load(floor.info.url, { headers }))
        app = better(app, await load(appServer.info.url, { headers }))
      }
    } finally {
      await Promise.all([floor.stop(), bare.stop()])
      await appServer.stop()
    }
    if (!app || !bareExpress || !bareSqlite) throw new Error('no round ran')
    for (const [name, result] of [['app', app], ['SQLite floor', bareSqlite]] as const) {
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`the ${name} answered ${result.non2xx} non-2xx and ${result.errors} errors`)
    }
    const ratioToExpress = app.requestsPerSecond / bareExpress.requestsPerSecond
    return {
      nodeHttp,
      bareExpress,
      bareSqlite,
      app,
      ratioToExpress,
      ratioToSqliteFloor: app.requestsPerSecond / bareSqlite.requestsPerSecond,
      ratioToNodeHttp: app.requestsPerSecond / nodeHttp.requestsPerSecond,
      goalMet: ratioToExpress >= 0.7 && app.p99Ms < 25,
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
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
