/**
 * Starting the server as a deployer does (`node --import tsx sync-server/src/main.ts`, as the systemd
 * unit and `npm start` run it): what it says at start, and how it waits for a PostgreSQL that is late.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../test-support/nginx-server.ts'
import { createDatabase } from '../test-support/postgres-server.ts'
import { postgresAdminUrl, postgresForThisFile } from '../test-support/test-databases.ts'

postgresForThisFile()

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

interface Started {
  child: ChildProcess
  lines: string[]
  stderr: () => string
  /** Resolves with the first stdout line that contains `text`. */
  waitForLine(text: string): Promise<string>
  exited: Promise<number | null>
}

const running: Array<{ child: ChildProcess; cleanup: () => Promise<void> | void }> = []
afterEach(async () => {
  for (const { child, cleanup } of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    await cleanup()
  }
})

function startMain(env: Record<string, string>, cleanup: () => Promise<void> | void = () => {}): Started {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-main-'))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'sync-server/src/main.ts')], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), DATA_DIR: dataDir, HOST: '127.0.0.1', WORKERS: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push({
    child,
    cleanup: async () => {
      await cleanup()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  })
  const lines: string[] = []
  const waiters: Array<{ text: string; resolve: (line: string) => void }> = []
  let partial = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    partial += chunk.toString('utf8')
    const parts = partial.split('\n')
    partial = parts.pop()!
    for (const line of parts) {
      lines.push(line)
      for (const waiter of waiters.filter((w) => line.includes(w.text))) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(line)
      }
    }
  })
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitForLine: (text) =>
      new Promise((resolve, reject) => {
        const found = lines.find((line) => line.includes(text))
        if (found) return resolve(found)
        waiters.push({ text, resolve })
        void exited.then((code) => reject(new Error(`the server exited (${code}) before saying "${text}":\n${lines.join('\n')}\n${stderr}`)))
      }),
  }
}

const messageOf = (line: string) => (JSON.parse(line) as { msg: string; level: number }).msg

// Each test starts Node with tsx (several seconds on a busy machine): a minute and a half each at most.
describe('starting the server', { timeout: 90_000 }, () => {
  it('says once at a production start that PUBLIC_URL and payments are missing, instead of an error at every /billing call', async () => {
    const port = await freePort()
    const server = startMain({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PORT: String(port) })
    await server.waitForLine('is serving on')
    for (let i = 0; i < 3; i++) {
      const plans = await fetch(`http://127.0.0.1:${port}/api/v1/billing/plans`)
      expect(plans.status).toBe(503)
      expect(await plans.json()).toMatchObject({ error: 'billing_unavailable' })
    }
    // The request lines are written in batches: the third call's line shows the others are out too.
    await new Promise<void>((resolve) => {
      const check = () => (server.lines.filter((line) => line.includes('/billing/plans')).length >= 3 ? resolve() : setTimeout(check, 20))
      check()
    })
    const messages = server.lines.map(messageOf)
    expect(messages.filter((message) => message.startsWith('PUBLIC_URL is not set'))).toHaveLength(1)
    expect(messages.filter((message) => message.startsWith('Payments are not set up'))).toHaveLength(1)
    const errors = server.lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)
    expect(errors).toEqual([])
  })

  it('gives up on an unreachable PostgreSQL with one message naming DATABASE_URL, after a line per try, and no stack trace', async () => {
    const port = await freePort()
    const server = startMain({ DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/dehieu`, DATABASE_CONNECT_SECONDS: '2' })
    expect(await server.exited).toBe(1)
    const tries = server.lines.map(messageOf).filter((message) => message.startsWith(`PostgreSQL at 127.0.0.1:${port}/dehieu is not reachable yet`))
    expect(tries.length).toBeGreaterThanOrEqual(2)
    const said = server.stderr().trim()
    expect(said).toMatch(new RegExp(`^Could not reach PostgreSQL at 127\\.0\\.0\\.1:${port}/dehieu \\(DATABASE_URL\\) after \\d+ tries`))
    expect(said.split('\n')).toHaveLength(1)
    expect(said).not.toContain('s3cret')
    expect(said).not.toMatch(/\n\s+at /)
  })

  it('waits for a PostgreSQL that comes up after the server, then serves', async () => {
    const database = await createDatabase(postgresAdminUrl())
    const target = new URL(database.url)
    const late = await freePort()
    // PostgreSQL "comes up" at `late` once the server has tried once: a forwarder to the real one.
    const forwarder = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port), target.hostname)
      socket.pipe(upstream).pipe(socket)
      socket.on('error', () => upstream.destroy())
      upstream.on('error', () => socket.destroy())
    })
    const port = await freePort()
    const url = new URL(database.url)
    url.port = String(late)
    const server = startMain({ DATABASE_URL: url.toString(), PORT: String(port), DATABASE_CONNECT_SECONDS: '60' }, async () => {
      await new Promise((resolve) => forwarder.close(resolve))
      await database.drop()
    })
    await server.waitForLine('is not reachable yet')
    await new Promise<void>((resolve) => forwarder.listen(late, '127.0.0.1', resolve))
    await server.waitForLine('is serving on')
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
    expect(await health.json()).toMatchObject({ database: 'postgres' })
    expect(server.lines.some((line) => messageOf(line).startsWith(`PostgreSQL at 127.0.0.1:${late}`) && messageOf(line).includes('answered'))).toBe(true)
  })

  it('frees its port when a supervisor stops `npm run dev:server` (npm runs node itself, no shell left holding the port)', async () => {
    const port = await freePort()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-npm-'))
    const npm = spawn('npm', ['run', '--silent', 'dev:server'], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: 'development', DEHIEU_TEST_ENGINE: '', DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WORKERS: '0', SEED_DEMO: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    running.push({ child: npm, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) })
    const exited = new Promise((resolve) => npm.once('exit', resolve))
    await new Promise<void>((resolve, reject) => {
      let seen = ''
      npm.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8')
        if (seen.includes('is serving on')) resolve()
      })
      void exited.then(() => reject(new Error(`npm run dev:server exited before serving:\n${seen}`)))
    })
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200)
    npm.kill('SIGTERM')
    await exited
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.once('error', () => resolve(true))
    })
    expect(refused).toBe(true)
    // `npm start` builds first, then runs the built server the same way (built-server.test.ts runs it).
    const scripts = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    expect(scripts.start).toMatch(/&& exec node --enable-source-maps dist\/server\/main\.js$/)
    expect(scripts.serve).toMatch(/^exec node /)
    expect(scripts.worker).toMatch(/^exec node /)
  })
})
