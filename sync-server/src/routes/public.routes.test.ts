import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let api: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startTestServer()
  api = apiClient(server.api)
})
afterAll(() => server.close())

describe('public calls', () => {
  it('GET /health answers ok with the version, the database engine and the process role', async () => {
    const health = await api.get('/health')
    expect(health.status).toBe(200)
    expect(health.body).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: process.env.DEHIEU_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite',
      role: 'api+worker',
    })
  })

  it('WORKERS=0 makes an API-only process: /health says api, and a queued job waits for a worker', async () => {
    const apiOnly = await startTestServer({ env: { WORKERS: '0' } })
    try {
      const health = await apiClient(apiOnly.api).get('/health')
      expect(health.body).toMatchObject({ role: 'api' })
      const id = await apiOnly.ctx.jobs.enqueue('hourly_pruning', {})
      // A started queue claims a new job within milliseconds (enqueue wakes it); this one has had 300 ms.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await apiOnly.ctx.jobs.get(id)).toMatchObject({ state: 'queued' })
      await apiOnly.ctx.jobs.start()
      expect(await apiOnly.ctx.jobs.waitFor(id)).toMatchObject({ state: 'done' })
    } finally {
      await apiOnly.close()
    }
  })

  it('keeps every table in the engine it names: on PostgreSQL no SQLite file is made in DATA_DIR', async () => {
    await api.get('/languages')
    const onPostgres = process.env.DEHIEU_TEST_ENGINE === 'postgres'
    expect(fs.existsSync(path.join(server.dataDir, 'dehieu.sqlite'))).toBe(!onPostgres)
  })

  it('GET /languages lists Vietnamese and Cantonese with their published video counts', async () => {
    await server.ctx.database.db
      .insertInto('videos')
      .values([
        { language_code: 'vi', title: 'Chợ Bến Thành', proficiency_level: 'beginner', access_level: 'free', published_at: '2026-01-01', created_at: '2026-01-01' },
        { language_code: 'vi', title: 'Draft', proficiency_level: 'beginner', access_level: 'free', published_at: null, created_at: '2026-01-01' },
      ])
      .execute()
    const languages = await api.get('/languages')
    expect(languages.status).toBe(200)
    expect(languages.body.data).toEqual([
      { code: 'vi', name: 'Vietnamese', native_name: 'Tiếng Việt', video_count: 1 },
      { code: 'yue', name: 'Cantonese', native_name: '廣東話', video_count: 0 },
    ])
  })

  it('POST /waitlist stores an address once, takes a repeat without error, and stores nothing when the honeypot is filled', async () => {
    expect((await api.post('/waitlist', { email: 'Hopeful@Example.com' })).status).toBe(202)
    expect((await api.post('/waitlist', { email: 'hopeful@example.com', website: '' })).status).toBe(202)
    expect((await api.post('/waitlist', { email: 'bot@example.com', website: 'http://spam.example' })).status).toBe(202)
    const rows = await server.ctx.database.db.selectFrom('waitlist').select('email').orderBy('email').execute()
    expect(rows.map((row) => row.email)).toEqual(['hopeful@example.com'])
    expect((await api.post('/waitlist', { email: 'nope' })).status).toBe(422)
  })
})

describe('the error shape', () => {
  it('answers malformed JSON with 400, in the contract shape', async () => {
    const response = await api.call('POST', '/auth/register', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'malformed_json', message: 'The request body is not valid JSON.' })
  })

  it('answers an unknown API path with a JSON 404', async () => {
    for (const path of ['/nope', '/me/nothing/here', '/languages/vi/unknown']) {
      const response = await api.get(path)
      expect(response.status).toBe(404)
      expect(response.body.error).toBe('not_found')
    }
  })

  it('refuses a body that is not JSON with 415, and a body over the limit with 413', async () => {
    const form = await api.call('POST', '/waitlist', { rawBody: 'email=a@b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form.status).toBe(415)
    expect(form.body.error).toBe('unsupported_media_type')
    const huge = await api.post('/waitlist', { email: 'a@b.co', website: 'x'.repeat(400_000) })
    expect(huge.status).toBe(413)
    expect(huge.body.error).toBe('payload_too_large')
  })

  it('sends security headers and a request id', async () => {
    const page = await fetch(`${server.baseUrl}/languages`)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.headers.get('content-security-policy')).toContain("object-src 'none'")
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline')
    const response = await fetch(`${server.api}/health`)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/)
    expect(response.headers.get('x-powered-by')).toBeNull()
  })
})
