/**
 * Development conveniences answer only this machine: the code outbox (everyone's sign-in codes) and the
 * local billing provider (free premium). The server runs with TRUST_PROXY=1, the setting under which a
 * forged X-Forwarded-For would pass a check made on req.ip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const FROM_THE_NETWORK = { 'x-forwarded-for': '203.0.113.9' }
const FORGED_LOOPBACK = { 'x-forwarded-for': '127.0.0.1' }

describe('development mode', () => {
  let server: TestServer
  beforeAll(async () => {
    // No SMTP: codes go to the outbox, as on a developer's machine.
    server = await startTestServer({ env: { TRUST_PROXY: '1', SMTP_URL: '' } })
  })
  afterAll(() => server.close())

  async function signInFromOutbox(email: string) {
    expect((await apiClient(server.api).post('/auth/register', { email })).status).toBe(202)
    const mails = (await apiClient(server.api).get(`/dev/outbox?email=${email}`)).body.data as Array<{ text: string }>
    const otp = /\b(\d{6})\b/.exec(mails.at(-1)!.text)![1]
    return (await apiClient(server.api).post('/auth/verify', { email, otp })).body.data as { token: string }
  }

  it('shows sign-in codes in the outbox on this machine only, not to a request relayed from the network', async () => {
    await apiClient(server.api).post('/auth/register', { email: 'boss@example.com' })
    const local = await apiClient(server.api).get('/dev/outbox')
    expect(local.status).toBe(200)
    expect(local.body.data.some((mail: { to: string }) => mail.to === 'boss@example.com')).toBe(true)

    for (const headers of [FROM_THE_NETWORK, FORGED_LOOPBACK]) {
      const remote = await apiClient(server.api, { headers }).get('/dev/outbox?email=boss@example.com')
      expect(remote.status).toBe(403)
      expect(remote.body.error).toBe('forbidden')
      expect(JSON.stringify(remote.body)).not.toContain('boss@example.com')
    }
  })

  it('does not let a stranger on the network make himself premium through the local billing provider', async () => {
    const { token } = await signInFromOutbox('stranger@example.com')
    const local = apiClient(server.api, { token })
    const checkout = await local.post('/billing/checkout', { plan: 'month' })
    expect(checkout.status).toBe(201)
    const session = new URL(checkout.body.url, 'http://x').searchParams.get('session')

    for (const headers of [FROM_THE_NETWORK, FORGED_LOOPBACK]) {
      const remote = apiClient(server.api, { token, headers })
      expect((await remote.post('/billing/checkout', { plan: 'month' })).status).toBe(403)
      expect((await remote.post('/billing/confirm', { session })).status).toBe(403)
    }
    expect((await local.get('/me')).body.is_premium).toBe(false)
  })
})

describe('production', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } })
  })
  afterAll(() => server.close())

  it('has no code outbox and no local billing provider, even for this machine', async () => {
    expect((await apiClient(server.api).get('/dev/outbox')).status).toBe(404)
    const { token } = await signIn(server, 'learner@example.com')
    const checkout = await apiClient(server.api, { token }).post('/billing/checkout', { plan: 'month' })
    expect(checkout.status).toBe(503)
    expect(checkout.body.error).toBe('billing_unavailable')
  })
})
