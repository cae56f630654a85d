/**
 * The access log as an operator reads it: one JSON line per API call, shaped like every other line of
 * the production logger, with the id the client got back, the path without its query string, and a
 * level by status. Through HTTP against the real app, logging with the production logger to a file.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-access-log-'))
const file = path.join(dir, 'server.log')
const logger = createLogger('info', file)
let server: TestServer
let token: string

beforeAll(async () => {
  server = await startTestServer({ logger })
  token = (await signIn(server, 'log-reader@example.com')).token
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

interface Line {
  level: number
  time: number
  pid: number
  hostname: string
  reqId?: string
  method?: string
  path?: string
  status?: number
  ms?: number
  msg: string
}
const lines = (): Line[] =>
  (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)
/** The access line of a request, by the id its answer carried (batched lines arrive within 100 ms). */
async function lineOf(response: Response): Promise<Line> {
  const id = response.headers.get('x-request-id')!
  await expect.poll(() => lines().some((line) => line.reqId === id), { timeout: 5_000 }).toBe(true)
  return lines().find((line) => line.reqId === id)!
}

describe('the access log', () => {
  it('writes a signed-in call as an info line shaped like the logger’s own lines, without its query string', async () => {
    const started = Date.now()
    const response = await fetch(`${server.api}/me/daily_progress?token=should-not-be-logged`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    const line = await lineOf(response)
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: os.hostname(),
      reqId: response.headers.get('x-request-id'),
      method: 'GET',
      path: '/api/v1/me/daily_progress',
      status: 200,
      ms: expect.any(Number),
      msg: 'request',
    })
    expect(line.time).toBeGreaterThanOrEqual(started)
    // The same keys, in the same order, as a line the logger writes itself.
    logger.info({ reqId: 'x', method: 'GET', path: '/', status: 200, ms: 0 }, 'request')
    await expect.poll(() => lines().some((other) => other.reqId === 'x'), { timeout: 5_000 }).toBe(true)
    expect(Object.keys(line)).toEqual(Object.keys(lines().find((other) => other.reqId === 'x')!))
    expect(fs.readFileSync(file, 'utf8')).not.toContain('should-not-be-logged')
    expect(fs.readFileSync(file, 'utf8')).not.toContain(token)
  })

  it('keeps a well-formed X-Request-Id from the client, and logs refusals as warnings', async () => {
    const response = await fetch(`${server.api}/me/daily_progress`, { headers: { authorization: 'Bearer not-a-real-token-but-long-enough', 'x-request-id': 'client.id-12345' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('x-request-id')).toBe('client.id-12345')
    expect(await lineOf(response)).toMatchObject({ level: 40, reqId: 'client.id-12345', status: 401, path: '/api/v1/me/daily_progress' })
  })

  it('writes a path with quotes, backslashes and non-ASCII text as valid JSON, as sent', async () => {
    const response = await fetch(`${server.api}/no%22such%5Cpath/ch%E1%BB%A3`)
    expect(response.status).toBe(404)
    expect(await lineOf(response)).toMatchObject({ level: 40, method: 'GET', path: '/api/v1/no%22such%5Cpath/ch%E1%BB%A3', status: 404 })
  })

  it('leaves the health check out of the log', async () => {
    const health = await fetch(`${server.api}/health`)
    const after = await fetch(`${server.api}/me/daily_progress`, { headers: { authorization: `Bearer ${token}` } })
    await lineOf(after)
    expect(lines().some((line) => line.reqId === health.headers.get('x-request-id'))).toBe(false)
  })
})

describe('a logger above info', () => {
  it('writes no access lines', async () => {
    const quietFile = path.join(dir, 'quiet.log')
    const quiet = createLogger('warn', quietFile)
    const quietServer = await startTestServer({ logger: quiet })
    try {
      const ok = await fetch(`${quietServer.api}/languages`)
      const missing = await fetch(`${quietServer.api}/nothing-here`)
      expect(ok.status).toBe(200)
      const read = () => (fs.existsSync(quietFile) ? fs.readFileSync(quietFile, 'utf8') : '')
      await expect.poll(read, { timeout: 5_000 }).toContain(missing.headers.get('x-request-id')!)
      expect(read()).not.toContain(ok.headers.get('x-request-id')!)
    } finally {
      await quietServer.close()
    }
  })
})
