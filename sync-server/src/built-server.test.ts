/**
 * The built server (`npm run build` → dist/server, what `npm start` and the systemd unit run): it
 * starts, finds its migrations and the PWA from the bundle's folder, and starts its worker threads from
 * their own files, with no tsx in the process.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../test-support/nginx-server.ts'
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.ts'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const OUT = path.join(REPO, 'dist', `server-test-${process.pid}`)

let child: ChildProcess | undefined
let smtp: SmtpCapture
let dataDir: string
let api: string
let metricsUrl: string
let said = ''

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'sync-server/build/build-server.ts', '--outdir', OUT], { cwd: REPO })
  smtp = await startSmtpCapture()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-built-'))
  const port = await freePort()
  const metricsPort = await freePort()
  api = `http://127.0.0.1:${port}/api/v1`
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  child = spawn(process.execPath, ['--enable-source-maps', path.join(OUT, 'main.js')], {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), WORKERS: '0', SMTP_URL: smtp.url, NODE_ENV: 'test', METRICS_LISTEN: `127.0.0.1:${metricsPort}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')))
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')))
  await new Promise<void>((resolve, reject) => {
    const check = () => (said.includes('is serving on') ? resolve() : child!.exitCode !== null ? reject(new Error(said)) : setTimeout(check, 50))
    check()
  })
}, 60_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await smtp?.close()
  fs.rmSync(OUT, { recursive: true, force: true })
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the built server (dist/server/main.js)', () => {
  it('runs without tsx, migrated, and serves the API', async () => {
    const bundle = fs.readFileSync(path.join(OUT, 'main.js'), 'utf8')
    expect(bundle).not.toMatch(/from ["']tsx/)
    const health = await fetch(`${api}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' })
    const languages = await fetch(`${api}/languages`)
    expect(languages.status).toBe(200)
  })

  it('serves its metrics on METRICS_LISTEN, apart from the API', async () => {
    expect((await fetch(`${api}/health/ready`)).status).toBe(200)
    const text = await (await fetch(metricsUrl)).text()
    expect(text).toContain('dehieu_http_requests_total{route="health.ready",method="GET",status="200"} 1')
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m)
  })

  it('stores watch events on its ingest thread, started from the thread’s own built file', async () => {
    const email = 'built@example.com'
    const registered = await fetch(`${api}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })
    expect(registered.status).toBe(202)
    const otp = await smtp.waitForCode(email)
    const verified = await fetch(`${api}/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, otp }) })
    const { data } = (await verified.json()) as { data: { token: string } }
    const event = { client_id: '0190a000-0000-7000-8000-000000000001', video_id: 999_999, position_from: 0, position_to: 10, watched_seconds: 10, playback_rate: 1, occurred_at: new Date().toISOString() }
    const sent = await fetch(`${api}/watch_events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
      body: JSON.stringify({ events: [event] }),
    })
    // The thread answered for the event (a video that does not exist is refused per event, not a 500).
    expect(sent.status).toBe(200)
    const body = (await sent.json()) as { data: { accepted: string[]; rejected: Array<{ client_id: string }> } }
    expect(body.data.accepted).toEqual([])
    expect(body.data.rejected.map((r) => r.client_id)).toEqual([event.client_id])
  })
})
