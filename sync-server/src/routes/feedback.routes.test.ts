import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK_MAX_CHARS, FEEDBACK_MIN_CHARS } from '../../../contract/index.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let api: ReturnType<typeof apiClient>

const environment = {
  userAgent: 'Mozilla/5.0 (iPhone)',
  screenResolution: '390x844',
  viewportDimensions: '390x664',
  devicePixelRatio: 3,
  browserLanguage: 'vi-VN',
  currentPage: '/languages',
  appLanguage: 'vi',
  sessionDuration: 12345,
  timestamp: '2026-11-22T01:00:00.000Z',
}

beforeAll(async () => {
  server = await startTestServer()
  const { token } = await signIn(server, 'feedback@example.com')
  api = apiClient(server.api, { token })
})
afterAll(() => server.close())

const send = (feedback: unknown, extra: Record<string, unknown> = {}) =>
  api.post('/user_feedbacks', { user_feedback: { feedback, environment_data: environment, ...extra } })

describe('POST /user_feedbacks', () => {
  it('takes 10 to 2000 characters and refuses 9 and 2001 with the reason in errors', async () => {
    expect((await send('x'.repeat(FEEDBACK_MIN_CHARS - 1))).body).toMatchObject({
      error: 'validation_failed',
      errors: [`Feedback must be at least ${FEEDBACK_MIN_CHARS} characters.`],
    })
    expect((await send('x'.repeat(FEEDBACK_MIN_CHARS - 1))).status).toBe(422)
    expect((await send('x'.repeat(FEEDBACK_MIN_CHARS))).status).toBe(201)
    expect((await send('x'.repeat(FEEDBACK_MAX_CHARS))).status).toBe(201)
    const tooLong = await send('x'.repeat(FEEDBACK_MAX_CHARS + 1))
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.errors).toEqual([`Feedback must be at most ${FEEDBACK_MAX_CHARS} characters.`])
  })

  it('counts characters, not bytes: ten Vietnamese letters are enough', async () => {
    expect((await send('ệệệệệệệệệệ')).status).toBe(201)
    expect((await send('   short   ')).status).toBe(422) // trimmed to 5
  })

  it('keeps environment_data whole', async () => {
    const created = await send('The subtitles were out of sync.', { environment_data: { ...environment, extraField: true } })
    expect(created.status).toBe(201)
    const row = await server.ctx.database.db
      .selectFrom('user_feedbacks')
      .select(['feedback', 'environment_data'])
      .where('id', '=', created.body.data.id)
      .executeTakeFirstOrThrow()
    expect(row.feedback).toBe('The subtitles were out of sync.')
    expect(JSON.parse(row.environment_data!)).toEqual({ ...environment, extraField: true })
  })

  it('is idempotent by client_id: a retry answers 200 with the first id and stores nothing more', async () => {
    const clientId = randomUUID()
    const first = await send('Sent from the outbox twice.', { client_id: clientId })
    const second = await send('Sent from the outbox twice.', { client_id: clientId })
    expect(first.status).toBe(201)
    expect(second.status).toBe(200)
    expect(second.body.data.id).toBe(first.body.data.id)
    const count = await server.ctx.database.db
      .selectFrom('user_feedbacks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow()
    expect(count.n).toBe(1)
  })

  it('refuses a nested or non-object environment_data and a client_id that is not a UUID', async () => {
    expect((await send('Long enough text', { environment_data: { nested: { deep: 1 } } })).status).toBe(422)
    expect((await send('Long enough text', { environment_data: 'string' })).status).toBe(422)
    expect((await send('Long enough text', { client_id: 'abc' })).status).toBe(422)
    expect((await api.post('/user_feedbacks', { feedback: 'no wrapper object' })).status).toBe(422)
  })
})
