/**
 * Starts the real app over HTTP on a temp DATA_DIR with a real SMTP server, for server tests and e2e.
 * The clock can be moved by tests (code expiry, cooldowns) instead of sleeping.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import pino, { type Logger } from 'pino'
import { createApp } from '../src/app.ts'
import type { AnswerMismatch } from '../src/web/answer-check.ts'
import { loadConfig } from '../src/config.ts'
import { createContext, type AppContext } from '../src/context.ts'
import { startBackgroundWork } from '../src/background.ts'
import { applyServerTimeouts } from '../src/web/server-timeouts.ts'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts'
import { createDatabase, dropDatabase } from './postgres-server.ts'

export interface TestClock {
  now(): number
  advance(ms: number): void
  /** Moves the clock to an instant (it keeps running from there); `reset()` returns to real time. */
  travelTo(epochMs: number): void
  reset(): void
}

/** Real time plus whatever the test has skipped ahead. */
export function createTestClock(): TestClock {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance: (ms) => void (offset += ms),
    travelTo: (epochMs) => void (offset = epochMs - Date.now()),
    reset: () => void (offset = 0),
  }
}

export interface TestServer {
  /** The Express app itself, for tests that inspect its routes. */
  app: ReturnType<typeof createApp>
  baseUrl: string
  api: string
  ctx: AppContext
  smtp: SmtpCapture
  clock: TestClock
  dataDir: string
  /**
   * Answers the answer check replaced (web/answer-check.ts): each JSON answer of a route is parsed with
   * its answer schema (contract/route-answer-schemas.ts), and a wrong one becomes a 500 that names the
   * route and what is wrong. `close()` throws while this holds any: a test that provokes one on purpose
   * takes it out.
   */
  answerMismatches: AnswerMismatch[]
  /** Stops the server; `keepData` leaves DATA_DIR in place for a restart on the same data. */
  close(options?: { keepData?: boolean }): Promise<void>
}

export async function startTestServer(
  options: {
    env?: Record<string, string>
    pwaDist?: string
    port?: number
    /** Reuse a data folder (a restart); a fresh temp folder otherwise. */
    dataDir?: string
    /** How long a silent connection is kept (production: 60 s); tests of the cut set it short. */
    silenceMs?: number
    /** Where the server logs (silent otherwise): a test of the log lines passes createLogger's. */
    logger?: Logger
    /** Check every JSON answer against its route's answer schema (web/answer-check.ts); on unless false. */
    checkAnswers?: boolean
  } = {},
): Promise<TestServer> {
  const smtp = await startSmtpCapture()
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-test-'))
  const database = options.env?.DATABASE_URL ? undefined : await testDatabase(dataDir)
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ...(database && { DATABASE_URL: database.url }),
    ...options.env,
  })
  const clock = createTestClock()
  const ctx = await createContext(config, { clock, logger: options.logger ?? pino({ level: 'silent' }) })
  const answerMismatches: AnswerMismatch[] = []
  const onAnswerMismatch = (mismatch: AnswerMismatch) => {
    answerMismatches.push(mismatch)
    console.error(`answer check: ${mismatch.method} ${mismatch.path} (${mismatch.route}) answered ${mismatch.status} with a body its answer schema refuses: ${mismatch.problem}`)
  }
  const app = createApp(ctx, { pwaDist: options.pwaDist, onAnswerMismatch: options.checkAnswers === false ? undefined : onAnswerMismatch })
  // Jobs and the periodic sweeps run as in production; the demo seed only when a test asks (SEED_DEMO).
  const background = startBackgroundWork(ctx)
  // The sweeps of this period run before the first test does: none runs later, mid-test, on a clock the test moved.
  await background.started
  if (config.workers > 0) await ctx.jobs.startedPeriodicDone()
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(listening))
  })
  applyServerTimeouts(server, { silenceMs: options.silenceMs })
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    app,
    baseUrl,
    api: `${baseUrl}/api/v1`,
    ctx,
    smtp,
    clock,
    dataDir,
    answerMismatches,
    async close(closeOptions: { keepData?: boolean } = {}) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await background.stop()
      await ctx.close()
      await smtp.close()
      if (!closeOptions.keepData) {
        await database?.drop()
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
      if (answerMismatches.length) {
        const lines = answerMismatches.map((m) => `  ${m.method} ${m.path} (${m.route}): ${m.problem}`)
        throw new Error(`The server answered ${answerMismatches.length} time(s) with a body its route's answer schema refuses:\n${lines.join('\n')}`)
      }
    },
  }
}

/**
 * With DEHIEU_TEST_ENGINE=postgres (the server-postgres project), each test server gets a database of
 * its own on the run's PostgreSQL; a restart on the same DATA_DIR finds it again through a note there.
 * Otherwise undefined: SQLite in DATA_DIR.
 */
async function testDatabase(dataDir: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (process.env.DEHIEU_TEST_ENGINE !== 'postgres') return undefined
  const note = path.join(dataDir, 'test-database.json')
  const { inject } = await import('vitest')
  const adminUrl = inject('postgresAdminUrl')
  if (!adminUrl) throw new Error('DEHIEU_TEST_ENGINE=postgres needs the server-postgres project: npm run test:server:pg')
  if (fs.existsSync(note)) {
    const { url, name } = JSON.parse(fs.readFileSync(note, 'utf8')) as { url: string; name: string }
    return { url, drop: () => dropDatabase(adminUrl, name) }
  }
  const created = await createDatabase(adminUrl)
  fs.writeFileSync(note, JSON.stringify({ url: created.url, name: created.name }))
  return created
}

/** Signs a new or existing address in through the real register → mail → verify round trip. */
export async function signIn(server: TestServer, email: string, headers: Record<string, string> = {}) {
  const since = server.smtp.mails.length
  const register = await fetch(`${server.api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email }),
  })
  if (register.status !== 202) throw new Error(`register answered ${register.status}: ${await register.text()}`)
  const otp = await server.smtp.waitForCode(email, { since })
  const verify = await fetch(`${server.api}/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, otp }),
  })
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}: ${await verify.text()}`)
  const body = (await verify.json()) as { data: { token: string; user: { id: number }; is_new_user: boolean } }
  return body.data
}
