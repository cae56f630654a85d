/**
 * GET /me/daily_progress on the real server (bearer token lookup + SQLite read, logging on) against a
 * bare Express 5 route and a bare node:http server, run one after the other in this same run.
 * Goal: ≥ 0.7 of bare Express with p99 < 25 ms.
 */
import { startChildServer } from './lib/child-server.ts'
import { load, type LoadResult } from './lib/load.ts'

export interface ApiBenchResult {
  nodeHttp: LoadResult
  bareExpress: LoadResult
  app: LoadResult
  ratioToExpress: number
  ratioToNodeHttp: number
  goalMet: boolean
}

async function measure(script: string, headers?: (info: { token?: string }) => Record<string, string>) {
  const server = await startChildServer<{ url: string; token?: string }>(script)
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
