/**
 * Billing at its edges (issue 45, item 9): a webhook signed for a time outside the tolerance either
 * way is refused; an event naming no user of ours is acknowledged (Stripe would retry a 5xx for days)
 * and logged; Stripe not answering is 503 billing_unavailable, never a 500.
 */
import net from 'node:net'
import pino from 'pino'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const STRIPE_SECRET = 'whsec_test_edges'
const stripe = new Stripe('sk_test_not_used_for_network')
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_not_used_for_network', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, PUBLIC_URL: 'https://dehieu.example' }

function deliverTo(server: TestServer, event: Record<string, unknown>, timestamp?: number) {
  const payload = JSON.stringify(event)
  return fetch(`${server.api}/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp }) },
    body: payload,
  })
}

const subscriptionEvent = (id: string, userId: number) => ({
  id,
  object: 'event',
  type: 'customer.subscription.updated',
  data: {
    object: {
      id: `sub_${userId}`,
      object: 'subscription',
      customer: `cus_edges_${userId}`,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { user_id: String(userId) },
      items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 365 * 86_400, price: { recurring: { interval: 'year' } } }] },
    },
  },
})

describe('the Stripe webhook at its edges', () => {
  let server: TestServer
  const logged: Array<Record<string, unknown>> = []
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) })
    server = await startTestServer({ env: STRIPE_ENV, logger })
  })
  afterAll(() => server.close())

  const events = (id: string) => server.ctx.database.db.selectFrom('billing_events').select('id').where('id', '=', id).execute()

  it('refuses a delivery signed an hour ahead, or an hour ago, with 400, and applies neither', async () => {
    const { user, token } = await signIn(server, 'edges.time@example.com')
    const now = Math.floor(server.clock.now() / 1000)
    for (const [id, timestamp] of [['evt_future', now + 3600], ['evt_past', now - 3600], ['evt_just_ahead', now + 400]] as const) {
      const answer = await deliverTo(server, subscriptionEvent(id, user.id), timestamp)
      expect({ id, status: answer.status, body: await answer.json() }).toMatchObject({ id, status: 400, body: { error: 'invalid_signature' } })
      expect(await events(id)).toEqual([])
    }
    expect((await apiClient(server.api, { token }).get('/me')).body.is_premium).toBe(false)
    // Within the tolerance, a little ahead (clocks differ): taken.
    const taken = await deliverTo(server, subscriptionEvent('evt_near', user.id), now + 60)
    expect(taken.status).toBe(200)
    expect((await apiClient(server.api, { token }).get('/me')).body.is_premium).toBe(true)
  })

  it('judges the timestamp by the server clock, not the machine clock', async () => {
    const { user } = await signIn(server, 'edges.clock@example.com')
    server.clock.advance(2 * 3_600_000)
    try {
      // Signed now by the machine's clock: two hours old by the server's.
      expect((await deliverTo(server, subscriptionEvent('evt_clock_old', user.id))).status).toBe(400)
      expect((await deliverTo(server, subscriptionEvent('evt_clock_now', user.id), Math.floor(server.clock.now() / 1000))).status).toBe(200)
    } finally {
      server.clock.reset()
    }
  })

  it('acknowledges an event for a user that does not exist (200), stores nothing for anyone, and logs it', async () => {
    for (const [id, userId] of [['evt_nobody', 987_654], ['evt_nobody_big', 2 ** 40]] as const) {
      const answer = await deliverTo(server, subscriptionEvent(id, userId))
      expect({ id, status: answer.status, body: await answer.json() }).toEqual({ id, status: 200, body: { received: true, duplicate: false } })
      expect(logged).toContainEqual(expect.objectContaining({ eventId: id, msg: expect.stringContaining('no user of ours') }))
    }
    expect(await server.ctx.database.db.selectFrom('subscriptions').select('user_id').where('stripe_customer_id', 'like', 'cus_edges_98%').execute()).toEqual([])
    // Delivered again (Stripe retries until it has a 2xx): a duplicate, still 200.
    const again = await deliverTo(server, subscriptionEvent('evt_nobody', 987_654))
    expect({ status: again.status, body: await again.json() }).toEqual({ status: 200, body: { received: true, duplicate: true } })
  })
})

/** A port on this machine where nothing listens: Stripe "unreachable". */
async function closedPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('billing while Stripe cannot be reached', () => {
  let server: TestServer
  beforeAll(async () => {
    const port = await closedPort()
    server = await startTestServer({ env: { ...STRIPE_ENV, STRIPE_API_URL: `http://127.0.0.1:${port}`, STRIPE_PRICE_MONTH: 'price_month', STRIPE_PRICE_YEAR: 'price_year' } })
  })
  afterAll(() => server.close())

  it('answers 503 billing_unavailable to checkout and to the plans, and stores no checkout', async () => {
    const { token } = await signIn(server, 'edges.down@example.com')
    const api = apiClient(server.api, { token })
    const unavailable = { error: 'billing_unavailable', message: expect.stringContaining('payment provider') }
    const checkout = await api.post('/billing/checkout', { plan: 'month' })
    expect({ status: checkout.status, body: checkout.body }).toMatchObject({ status: 503, body: unavailable })
    const plans = await api.get('/billing/plans')
    expect({ status: plans.status, body: plans.body }).toMatchObject({ status: 503, body: unavailable })
    expect(await server.ctx.database.db.selectFrom('billing_checkouts').select('id').execute()).toEqual([])
  })
})
