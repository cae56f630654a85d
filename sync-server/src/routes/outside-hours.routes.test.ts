import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let api: ReturnType<typeof apiClient>
const today = () => new Date(server.clock.now()).toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startTestServer()
  const { token } = await signIn(server, 'outside@example.com')
  api = apiClient(server.api, { token })
})
afterAll(() => server.close())

const entry = (overrides: Record<string, unknown> = {}) => ({ client_id: uuidv7(), date: today(), minutes: 45, type: 'listening', note: 'Podcast on the bus', ...overrides })

describe('outside hours', () => {
  it('stores an entry once per client_id and counts it in total input hours, not watch time', async () => {
    const first = entry()
    expect((await api.post('/me/outside_hours', { entry: first })).status).toBe(201)
    expect((await api.post('/me/outside_hours', { entry: first })).status).toBe(200)
    expect((await api.post('/me/outside_hours', { entry: entry({ minutes: 15, type: 'talking', note: '' }) })).status).toBe(201)
    const progress = (await api.get('/me/progress?language=vi')).body.data
    expect(progress).toMatchObject({ outside_seconds: 60 * 60, total_watch_seconds: 0, total_input_seconds: 60 * 60, today_watch_seconds: 0 })
  })

  it('refuses a future date, a date over a year back, and minutes or types outside the rules', async () => {
    const tomorrow = new Date(server.clock.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ date: tomorrow }, 422],
      [{ date: '2020-01-01' }, 422],
      [{ date: '2026-13-01' }, 422],
      [{ minutes: 0 }, 422],
      [{ minutes: 721 }, 422],
      [{ minutes: 720 }, 201],
      [{ minutes: 1.5 }, 422],
      [{ type: 'reading' }, 422],
      [{ note: 'x'.repeat(501) }, 422],
      [{ client_id: 'nope' }, 422],
    ]
    for (const [overrides, status] of cases) {
      expect((await api.post('/me/outside_hours', { entry: entry(overrides) })).status, JSON.stringify(overrides)).toBe(status)
    }
    expect((await apiClient(server.api).post('/me/outside_hours', { entry: entry() })).status).toBe(401)
  })

  it('a date never holds more than 24 hours of outside time', async () => {
    const { token } = await signIn(server, 'outside-full@example.com')
    const learner = apiClient(server.api, { token })
    const date = new Date(server.clock.now() - 3 * 86_400_000).toISOString().slice(0, 10)
    const first = entry({ date, minutes: 720 })
    expect((await learner.post('/me/outside_hours', { entry: first })).status).toBe(201)
    expect((await learner.post('/me/outside_hours', { entry: entry({ date, minutes: 720 }) })).status).toBe(201)
    const over = await learner.post('/me/outside_hours', { entry: entry({ date, minutes: 1 }) })
    expect(over.status).toBe(422)
    expect(over.body).toMatchObject({ error: 'too_many_hours', message: expect.stringContaining('24 hours') })
    // A resend of what is stored still answers as stored; another date still has room.
    expect((await learner.post('/me/outside_hours', { entry: first })).status).toBe(200)
    expect((await learner.post('/me/outside_hours', { entry: entry({ minutes: 30 }) })).status).toBe(201)
    expect((await learner.get('/me/progress')).body.data.outside_seconds).toBe((1440 + 30) * 60)
  })
})
