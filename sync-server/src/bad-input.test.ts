/**
 * Hostile and malformed input across every endpoint: nothing a client sends may produce a 5xx, and the
 * server must still answer afterwards.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startTestServer, type TestServer } from '../test-support/test-server.ts'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startTestServer()
  token = (await signIn(server, 'fuzz@example.com')).token
  await server.ctx.database.db.updateTable('users').set({ is_premium: 1 }).execute()
})
afterAll(() => server.close())

const ENDPOINTS: Array<[method: string, path: string, field: string[]]> = [
  ['POST', '/auth/register', ['email']],
  ['POST', '/auth/verify', ['email', 'otp']],
  ['POST', '/auth/logout', []],
  ['GET', '/me', []],
  ['PATCH', '/me/display_name', ['display_name']],
  ['PATCH', '/me/daily_goal', ['daily_goal_minutes']],
  ['PATCH', '/me', ['user']],
  ['GET', '/me/daily_progress', []],
  ['GET', '/languages', []],
  ['POST', '/user_feedbacks', ['user_feedback']],
  ['POST', '/waitlist', ['email', 'website']],
  ['GET', '/health', []],
  ['GET', '/dev/outbox', []],
  ['GET', '/languages/vi/videos', []],
  ['GET', '/languages/%ZZ/videos', []],
  ['GET', '/videos/1', []],
  ['GET', '/videos/abc', []],
  ['GET', '/videos/1/comments', []],
  ['POST', '/videos/1/comments', ['comment']],
  ['POST', '/watch_events', ['events']],
  ['GET', '/me/progress', []],
  ['GET', '/admin/videos', []],
  ['PATCH', '/admin/videos/1', ['video']],
  ['GET', '/admin/users', []],
  ['PATCH', '/admin/users/1', ['user']],
  ['GET', '/admin/feedback', []],
  ['GET', '/billing/plans', []],
  ['POST', '/billing/checkout', ['plan']],
  ['POST', '/billing/confirm', ['session']],
  ['GET', '/submissions', []],
  ['POST', '/submissions', ['submission']],
  ['PATCH', '/submissions/1', ['submission']],
]

const deepArray = '['.repeat(20_000) + ']'.repeat(20_000)
const deepObject = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(100_000),
  "' OR 1=1; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '\u0000\u0001\u0002',
  '\ud800',
  '\u202eevil\u202c',
  'ﷺ'.repeat(500),
  '😀'.repeat(3000),
  'a@b',
  'Robert"); DROP TABLE sessions;--@x.com',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  { constructor: { prototype: { polluted: true } } },
  { user_feedback: { feedback: { toString: 'x' } } },
]

const RAW_BODIES: Array<[contentType: string, body: string]> = [
  ['application/json', '{'],
  ['application/json', '{"email": "a@b.co",}'],
  ['application/json', 'null'],
  ['application/json', '"just a string"'],
  ['application/json', '12345'],
  ['application/json', deepArray],
  ['application/json', deepObject],
  ['application/json', '{"__proto__": {"is_admin": true}}'],
  ['application/json; charset=latin1', '{"email":"a@b.co"}'],
  ['application/json; charset=utf-16', '{"email":"a@b.co"}'],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
  ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
  ['application/json', '\xff\xfe\xfd'],
]

interface Probe {
  method: string
  path: string
  contentType?: string
  body?: string
  headers?: Record<string, string>
}

function probes(): Probe[] {
  const list: Probe[] = []
  for (const [method, path, fields] of ENDPOINTS) {
    const withBody = method !== 'GET'
    for (const auth of [undefined, token]) {
      const headers: Record<string, string> = auth ? { authorization: `Bearer ${auth}` } : {}
      if (withBody) {
        for (const value of HOSTILE_VALUES) {
          const body = Object.fromEntries((fields.length ? fields : ['x']).map((field) => [field, value]))
          list.push({ method, path, contentType: 'application/json', body: JSON.stringify(body), headers })
        }
        list.push({ method, path, contentType: 'application/json', body: JSON.stringify({ user: { daily_goal_minutes: '1; DROP' } }), headers })
        list.push({ method, path, contentType: 'application/json', body: JSON.stringify({ user_feedback: { feedback: 'long enough text', environment_data: {}, client_id: "'; --" } }), headers })
        for (const [contentType, body] of RAW_BODIES) list.push({ method, path, contentType, body, headers })
      } else {
        for (const query of ['?cursor=%00', '?limit=-1', '?email[]=a&email[]=b', `?q=${'%F0'.repeat(50)}`, '?__proto__[x]=1']) {
          list.push({ method, path: path + query, headers })
        }
      }
    }
    // Hostile headers on each endpoint.
    for (const headers of [
      { authorization: 'Bearer ' + 'A'.repeat(8000) },
      { authorization: "Bearer ' OR 1=1 --" },
      { authorization: `Bearer ${token}`, 'x-time-zone': '../../etc/passwd' },
      { authorization: `Bearer ${token}`, 'x-time-zone': 'x'.repeat(5000) },
      { 'x-request-id': '<script>' },
    ] as Record<string, string>[]) {
      list.push({ method, path, headers, contentType: method === 'GET' ? undefined : 'application/json', body: method === 'GET' ? undefined : '{}' })
    }
  }
  // Wrong methods and paths.
  for (const method of ['PUT', 'DELETE', 'OPTIONS', 'HEAD']) {
    for (const path of ['/me', '/auth/verify', '/languages', '/%E0%A4%A', '/..%2F..%2Fetc%2Fpasswd', '/user_feedbacks/1']) {
      list.push({ method, path })
    }
  }
  return list
}

describe('bad input', () => {
  it('never answers 5xx to at least 500 malformed or hostile requests, and still answers after', async () => {
    const all = probes()
    expect(all.length).toBeGreaterThanOrEqual(500)
    const failures: string[] = []
    const queue = [...all]
    async function worker() {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const headers: Record<string, string> = { ...probe.headers }
        if (probe.contentType) headers['content-type'] = probe.contentType
        const response = await fetch(`${server.api}${probe.path}`, {
          method: probe.method,
          headers,
          body: probe.body,
        })
        const text = await response.text()
        if (response.status >= 500) failures.push(`${probe.method} ${probe.path} -> ${response.status} ${text.slice(0, 200)}`)
        if (response.status >= 400 && probe.method !== 'HEAD' && probe.path.startsWith('/')) {
          // Every error answer has the contract's shape.
          const parsed = JSON.parse(text) as { error?: unknown; message?: unknown }
          if (typeof parsed.error !== 'string' || typeof parsed.message !== 'string') {
            failures.push(`${probe.method} ${probe.path} -> ${response.status} not in the error shape: ${text.slice(0, 200)}`)
          }
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    expect(failures).toEqual([])

    // The media server takes hostile paths too.
    // Sent as raw request lines: fetch would resolve the dot segments before sending them.
    for (const path of ['/media/g/%E0%A4%A/master.m3u8', '/media/g/../../app-secret', '/media/%00/poster.jpg', '/media/g/1.2.3.4.5/v360p/../../x', `/media/${'a'.repeat(32)}/..%2Fapp-secret`]) {
      const status = await rawGetStatus(server.baseUrl, path)
      expect(status, path).toBeLessThan(500)
      expect(status, path).toBeGreaterThanOrEqual(400)
    }

    const health = await fetch(`${server.api}/health`)
    expect(health.status).toBe(200)
    // The probes include logout, so sign in again to look at the account they hammered.
    const fresh = await signIn(server, 'fuzz@example.com')
    const me = await fetch(`${server.api}/me`, { headers: { authorization: `Bearer ${fresh.token}` } })
    expect(me.status).toBe(200)
    const user = (await me.json()) as { is_admin: boolean; daily_goal_minutes: number }
    expect(user.is_admin).toBe(false)
    const tables = (await server.ctx.database.db.introspection.getTables()).map((table) => table.name)
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'otp_codes', 'user_feedbacks']))
  })
})

function rawGetStatus(baseUrl: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/`, { path }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', reject)
  })
}
