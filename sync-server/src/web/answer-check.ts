/**
 * The answer check, for tests only: every JSON answer a route of the contract's table gives on success
 * is parsed with that route's answer schema (contract/route-answer-schemas.ts) before it leaves. An
 * answer the schema refuses (a field missing, one too many, a wrong type), or a JSON answer of a route
 * that has no answer schema, is replaced by a 500 `answer_mismatch` naming the route and zod's issues,
 * and told to `onMismatch`; the test server (test-support/test-server.ts) turns it on and fails the run
 * on any, so the server suites of both engines and the e2e suite parse every real answer they get.
 *
 * Off in production: createApp installs it only when asked, so no request pays for it (the polled
 * `GET /me/daily_progress` keeps its measured speed). It sits first on the app and wraps `res.end`, which
 * both `res.json` and web/send-json.ts end in, so it reads the bytes the client gets. Not checked: error
 * answers (their shape is errors.ts's), 204s, files (`Content-Disposition: attachment`, streamed bodies)
 * and anything not JSON.
 */
import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'
import { API_BASE } from '../../../contract/index.ts'
import { ROUTE_ANSWER_SCHEMAS } from '../../../contract/route-answer-schemas.ts'
import { ROUTES, type RouteName } from '../../../contract/routes.ts'

export interface AnswerMismatch {
  route: RouteName | string
  method: string
  path: string
  status: number
  /** What is wrong: zod's issues (`path: message`), or that the route has no answer schema. */
  problem: string
}

export const ANSWER_MISMATCH = 'answer_mismatch'

const schemas = ROUTE_ANSWER_SCHEMAS as Partial<Record<RouteName, z.ZodType>>

/** The table's route by its method and the path Express matched (on the API router or, with API_BASE, on the app). */
const routeByPath = new Map<string, RouteName>()
for (const name of Object.keys(ROUTES) as RouteName[]) {
  const { method, path } = ROUTES[name]
  routeByPath.set(`${method} ${path}`, name)
  routeByPath.set(`${method} ${API_BASE}${path}`, name)
}

/** `a.b[2].c: message` for each issue (the first 10). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.slice(0, 10).map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(the answer)'}: ${issue.message}`)
  if (issues.length > 10) lines.push(`… and ${issues.length - 10} more`)
  return lines.join('; ')
}

function problemOf(req: Request, res: Response, chunk: unknown, streamed: boolean): { route: string; problem: string } | undefined {
  if (res.statusCode < 200 || res.statusCode >= 300 || res.statusCode === 204) return undefined
  if (streamed || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) || chunk.length === 0) return undefined
  const type = String(res.getHeader('content-type') ?? '')
  if (!/^application\/json\b/i.test(type) || /attachment/i.test(String(res.getHeader('content-disposition') ?? ''))) return undefined
  const matched = (req.route as { path?: unknown } | undefined)?.path
  if (typeof matched !== 'string') return undefined // not a route (the media server, the PWA's files)
  const method = req.method === 'HEAD' ? 'GET' : req.method
  const route = routeByPath.get(`${method} ${matched}`)
  if (!route) return { route: `${method} ${matched}`, problem: 'a JSON answer of a route that is not in contract/routes.ts' }
  const schema = schemas[route]
  if (!schema) return { route, problem: 'answers JSON, but has no answer schema in contract/route-answer-schemas.ts' }
  let body: unknown
  try {
    // A route that sends its own compressed copy (the lexicon) is read as the client reads it.
    const encoding = String(res.getHeader('content-encoding') ?? '')
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    const plain = encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes
    body = JSON.parse(plain.toString('utf8'))
  } catch {
    return { route, problem: 'the answer is not JSON' }
  }
  const parsed = schema.safeParse(body)
  return parsed.success ? undefined : { route, problem: describeIssues(parsed.error.issues) }
}

/** The check as the app's first handler; `onMismatch` hears of each answer it replaced. */
export function answerCheck(onMismatch: (mismatch: AnswerMismatch) => void): RequestHandler {
  return (req, res, next) => {
    const write = res.write
    const end = res.end
    let streamed = false
    res.write = function (this: Response, ...args: unknown[]) {
      streamed = true
      return (write as (...a: unknown[]) => boolean).apply(this, args)
    } as Response['write']
    res.end = function (this: Response, ...args: unknown[]) {
      const found = problemOf(req, res, args[0], streamed)
      if (found && !res.headersSent) {
        const mismatch: AnswerMismatch = { ...found, method: req.method, path: req.originalUrl, status: res.statusCode }
        onMismatch(mismatch)
        const text = JSON.stringify({ error: ANSWER_MISMATCH, message: `${found.route} answered ${res.statusCode} with a body its answer schema refuses: ${found.problem}` })
        res.statusCode = 500
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.removeHeader('Content-Encoding')
        res.setHeader('Content-Length', Buffer.byteLength(text))
        const callback = args.find((arg) => typeof arg === 'function')
        return (end as (...a: unknown[]) => Response).call(this, text, 'utf8', callback)
      }
      return (end as (...a: unknown[]) => Response).apply(this, args)
    } as Response['end']
    next()
  }
}
