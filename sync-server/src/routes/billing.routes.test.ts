import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { makePremium } from '../../test-support/catalogue-fixtures.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

describe('billing with the local provider', () => {
  let server: TestServer
  let count = 0
  beforeAll(async () => {
    server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  })
  afterAll(() => server.close())

  async function learner() {
    const { token, user } = await signIn(server, `payer${++count}@example.com`)
    return { id: user.id, api: apiClient(server.api, { token }) }
  }

  it('offers a monthly and a yearly plan', async () => {
    const plans = await apiClient(server.api).get('/billing/plans')
    expect(plans.body.data).toEqual([
      { id: 'month', amount: 900, currency: 'usd', interval: 'month' },
      { id: 'year', amount: 7200, currency: 'usd', interval: 'year' },
    ])
  })

  it('makes a learner premium through checkout and confirmation, once', async () => {
    const { api } = await learner()
    const checkout = await api.post('/billing/checkout', { plan: 'year' })
    expect(checkout.status).toBe(201)
    expect(checkout.body.url).toMatch(/^\/billing\/success\?session=local_[0-9a-f]+$/)
    expect((await api.get('/me')).body.is_premium).toBe(false)
    const session = new URL(checkout.body.url, 'http://x').searchParams.get('session')
    const confirmed = await api.post('/billing/confirm', { session })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data).toMatchObject({ is_premium: true, premium: true, can_change_display_name: true })
    expect((await api.post('/billing/confirm', { session })).body.data.is_premium).toBe(true)
    const subscription = (await api.get('/billing/subscription')).body.data
    expect(subscription).toMatchObject({ plan: 'year', status: 'active', cancel_at_period_end: false, provider: 'local' })
    expect(Date.parse(subscription.current_period_end) - Date.now()).toBeGreaterThan(360 * 86_400_000)
    // Premium opens comments.
    expect((await api.post('/billing/portal')).body.url).toBe('/account?manage=1')
  })

  it('opens the billing portal for premium members only: others get 403 premium_required', async () => {
    const { id, api } = await learner()
    const refused = await api.post('/billing/portal')
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ error: 'premium_required', message: expect.any(String) })
    expect((await apiClient(server.api).post('/billing/portal')).status).toBe(401)
    await makePremium(server, id)
    const opened = await api.post('/billing/portal')
    expect(opened.status).toBe(200)
    expect(opened.body).toEqual({ url: '/account?manage=1', data: { url: '/account?manage=1' } })
  })

  it("refuses another learner's checkout and a bad plan", async () => {
    const a = await learner()
    const b = await learner()
    const checkout = await a.api.post('/billing/checkout', { plan: 'month' })
    const session = new URL(checkout.body.url, 'http://x').searchParams.get('session')
    expect((await b.api.post('/billing/confirm', { session })).status).toBe(404)
    expect((await b.api.get('/me')).body.is_premium).toBe(false)
    expect((await a.api.post('/billing/checkout', { plan: 'week' })).status).toBe(422)
    expect((await apiClient(server.api).post('/billing/checkout', { plan: 'month' })).status).toBe(401)
  })

  it('keeps premium after cancelling until the period ends, then ends it; an uncancelled local plan renews', async () => {
    const cancelling = await learner()
    const renewing = await learner()
    for (const person of [cancelling, renewing]) {
      const checkout = await person.api.post('/billing/checkout', { plan: 'month' })
      await person.api.post('/billing/confirm', { session: new URL(checkout.body.url, 'http://x').searchParams.get('session') })
    }
    const cancelled = await cancelling.api.post('/billing/cancel')
    expect(cancelled.body.data).toMatchObject({ status: 'active', cancel_at_period_end: true })
    expect((await cancelling.api.get('/me')).body.is_premium).toBe(true)

    server.clock.advance(32 * 86_400_000)
    try {
      server.ctx.services.billing.expireLapsed()
      expect((await cancelling.api.get('/me')).body.is_premium).toBe(false)
      expect((await cancelling.api.get('/billing/subscription')).body.data.status).toBe('canceled')
      expect((await renewing.api.get('/me')).body.is_premium).toBe(true)
      expect((await cancelling.api.post('/billing/cancel')).status).toBe(409)
    } finally {
      server.clock.reset()
    }
  })
})

describe('the Stripe webhook', () => {
  const secret = 'whsec_test_secret'
  const stripe = new Stripe('sk_test_not_used_for_network')
  let server: TestServer
  let userId: number
  let api: ReturnType<typeof apiClient>

  beforeAll(async () => {
    server = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_not_used_for_network', STRIPE_WEBHOOK_SECRET: secret, PUBLIC_URL: 'https://dehieu.example' },
    })
    const signedIn = await signIn(server, 'stripe-user@example.com')
    userId = signedIn.user.id
    api = apiClient(server.api, { token: signedIn.token })
  })
  afterAll(() => server.close())

  function deliver(event: Record<string, unknown>, signature?: string) {
    const payload = JSON.stringify(event)
    return fetch(`${server.api}/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      body: payload,
    })
  }

  const subscriptionEvent = (id: string, type: string, status: string, periodEnd: number) => ({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: 'sub_123',
        object: 'subscription',
        customer: 'cus_123',
        status,
        cancel_at_period_end: false,
        metadata: { user_id: String(userId) },
        items: { data: [{ current_period_end: periodEnd, price: { recurring: { interval: 'year' } } }] },
      },
    },
  })

  it('applies subscription events once, even when Stripe delivers them twice', async () => {
    const inAYear = Math.floor(Date.now() / 1000) + 365 * 86_400
    const created = subscriptionEvent('evt_1', 'customer.subscription.created', 'active', inAYear)
    const first = await deliver(created)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, duplicate: false })
    expect((await api.get('/me')).body.is_premium).toBe(true)
    expect((await api.get('/billing/subscription')).body.data).toMatchObject({ provider: 'stripe', plan: 'year', status: 'active' })

    const deleted = subscriptionEvent('evt_2', 'customer.subscription.deleted', 'canceled', inAYear)
    expect((await (await deliver(deleted)).json()).duplicate).toBe(false)
    expect((await api.get('/me')).body.is_premium).toBe(false)

    // The first event again: acknowledged, and it does not make the user premium a second time.
    const again = await deliver(created)
    expect(again.status).toBe(200)
    expect((await again.json()).duplicate).toBe(true)
    expect((await api.get('/me')).body.is_premium).toBe(false)
  })

  it('finds the user by customer for a failed payment, which ends premium', async () => {
    const inAMonth = Math.floor(Date.now() / 1000) + 30 * 86_400
    await deliver(subscriptionEvent('evt_3', 'customer.subscription.updated', 'active', inAMonth))
    expect((await api.get('/me')).body.is_premium).toBe(true)
    await deliver({ id: 'evt_4', object: 'event', type: 'invoice.payment_failed', data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_123' } } })
    expect((await api.get('/me')).body.is_premium).toBe(false)
  })

  it('refuses the portal to a user who is not premium with 403, before asking Stripe', async () => {
    const other = await signIn(server, 'stripe-free@example.com')
    const refused = await apiClient(server.api, { token: other.token }).post('/billing/portal')
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe('premium_required')
  })

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const inAYear = Math.floor(Date.now() / 1000) + 365 * 86_400
    const event = subscriptionEvent('evt_5', 'customer.subscription.updated', 'active', inAYear)
    const forged = await deliver(event, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
    expect(forged.status).toBe(400)
    expect((await forged.json()).error).toBe('invalid_signature')
    expect((await deliver(event, '')).status).toBe(400)
    expect((await api.get('/me')).body.is_premium).toBe(false)
    const stored = server.ctx.db.prepare("SELECT COUNT(*) AS n FROM billing_events WHERE id = 'evt_5'").get() as { n: number }
    expect(stored.n).toBe(0)
  })
})
