import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { makePremium } from '../../test-support/catalogue-fixtures.ts'
import { createDatabase } from '../../test-support/postgres-server.ts'
import { postgresAdminUrl, postgresForThisFile } from '../../test-support/test-databases.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

// The concurrent deliveries below always run on PostgreSQL too, whatever the project's engine.
postgresForThisFile()

const STRIPE_SECRET = 'whsec_test_secret'
const stripe = new Stripe('sk_test_not_used_for_network')
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_not_used_for_network', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, PUBLIC_URL: 'https://dehieu.example' }

/** Posts an event to the webhook as Stripe would, signed with the test secret (no network). */
function deliverTo(server: TestServer, event: Record<string, unknown>, signature?: string) {
  const payload = JSON.stringify(event)
  return fetch(`${server.api}/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }) },
    body: payload,
  })
}

function subscriptionEvent(id: string, type: string, userId: number, options: { status?: string; periodEnd?: number; customer?: string } = {}) {
  return {
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: `sub_${userId}`,
        object: 'subscription',
        customer: options.customer ?? `cus_${userId}`,
        status: options.status ?? 'active',
        cancel_at_period_end: false,
        metadata: { user_id: String(userId) },
        items: { data: [{ current_period_end: options.periodEnd ?? Math.floor(Date.now() / 1000) + 365 * 86_400, price: { recurring: { interval: 'year' } } }] },
      },
    },
  }
}

/** The same delivery sent `times` times at once: the answers' `duplicate` flags. */
async function deliverConcurrently(server: TestServer, event: Record<string, unknown>, times: number): Promise<boolean[]> {
  const responses = await Promise.all(Array.from({ length: times }, () => deliverTo(server, event)))
  return Promise.all(
    responses.map(async (response) => {
      expect(response.status).toBe(200)
      return ((await response.json()) as { duplicate: boolean }).duplicate
    }),
  )
}

async function storedEvents(server: TestServer, id: string): Promise<number> {
  const row = await server.ctx.database.db
    .selectFrom('billing_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.n
}

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
      expect(await server.ctx.services.billing.expireLapsed()).toBe(2)
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
  let server: TestServer
  let userId: number
  let api: ReturnType<typeof apiClient>

  beforeAll(async () => {
    server = await startTestServer({ env: STRIPE_ENV })
    const signedIn = await signIn(server, 'stripe-user@example.com')
    userId = signedIn.user.id
    api = apiClient(server.api, { token: signedIn.token })
  })
  afterAll(() => server.close())

  const deliver = (event: Record<string, unknown>, signature?: string) => deliverTo(server, event, signature)
  const subscription = (id: string, type: string, status: string, periodEnd: number) =>
    subscriptionEvent(id, type, userId, { status, periodEnd, customer: 'cus_123' })

  it('applies subscription events once, even when Stripe delivers them twice', async () => {
    const inAYear = Math.floor(Date.now() / 1000) + 365 * 86_400
    const created = subscription('evt_1', 'customer.subscription.created', 'active', inAYear)
    const first = await deliver(created)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, duplicate: false })
    expect((await api.get('/me')).body.is_premium).toBe(true)
    expect((await api.get('/billing/subscription')).body.data).toMatchObject({ provider: 'stripe', plan: 'year', status: 'active' })

    const deleted = subscription('evt_2', 'customer.subscription.deleted', 'canceled', inAYear)
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
    await deliver(subscription('evt_3', 'customer.subscription.updated', 'active', inAMonth))
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
    const event = subscription('evt_5', 'customer.subscription.updated', 'active', inAYear)
    const forged = await deliver(event, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
    expect(forged.status).toBe(400)
    expect((await forged.json()).error).toBe('invalid_signature')
    expect((await deliver(event, '')).status).toBe(400)
    expect((await api.get('/me')).body.is_premium).toBe(false)
    expect(await storedEvents(server, 'evt_5')).toBe(0)
  })

  it('applies an event delivered several times at once exactly once', async () => {
    const event = subscription('evt_6', 'customer.subscription.updated', 'active', Math.floor(Date.now() / 1000) + 365 * 86_400)
    const duplicates = await deliverConcurrently(server, event, 8)
    expect(duplicates.filter((duplicate) => !duplicate)).toHaveLength(1)
    expect(await storedEvents(server, 'evt_6')).toBe(1)
    expect((await api.get('/me')).body.is_premium).toBe(true)
  })
})

describe('the Stripe webhook on PostgreSQL, deliveries at the same moment', () => {
  let server: TestServer
  let count = 0
  beforeAll(async () => {
    const database = await createDatabase(postgresAdminUrl())
    server = await startTestServer({ env: { ...STRIPE_ENV, DATABASE_URL: database.url } })
    // The test server drops only databases it created itself.
    const close = server.close.bind(server)
    server.close = async (options) => {
      await close(options)
      await database.drop()
    }
  })
  afterAll(() => server.close())

  /** A user straight in PostgreSQL: the webhook needs no signed-in session. */
  async function user(): Promise<number> {
    const row = await server.ctx.database.db
      .insertInto('users')
      .values({ email: `stripe-concurrent${++count}@example.com`, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  const premium = async (userId: number) =>
    (await server.ctx.database.db.selectFrom('users').select('is_premium').where('id', '=', userId).executeTakeFirstOrThrow()).is_premium

  it('runs on PostgreSQL', () => {
    expect(server.ctx.database.engine).toBe('postgres')
  })

  it('applies the same event delivered ten times at once exactly once, and a later redelivery not at all', async () => {
    const userId = await user()
    const created = subscriptionEvent(`evt_same_${userId}`, 'customer.subscription.created', userId)
    const duplicates = await deliverConcurrently(server, created, 10)
    expect(duplicates.filter((duplicate) => !duplicate)).toHaveLength(1)
    expect(await storedEvents(server, created.id)).toBe(1)
    expect(await premium(userId)).toBe(1)

    // Cancelled since; the first event again, at once from several deliveries, changes nothing.
    expect(await deliverConcurrently(server, subscriptionEvent(`evt_deleted_${userId}`, 'customer.subscription.deleted', userId, { status: 'canceled' }), 3)).toEqual(
      expect.arrayContaining([false]),
    )
    expect(await premium(userId)).toBe(0)
    expect(await deliverConcurrently(server, created, 5)).toEqual([true, true, true, true, true])
    expect(await premium(userId)).toBe(0)
    const subscription = await server.ctx.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow()
    expect(subscription).toMatchObject({ provider: 'stripe', plan: 'year', status: 'canceled', cancel_at_period_end: 0, stripe_customer_id: `cus_${userId}` })
  })

  it("keeps both events' changes when two different events for one user arrive together", async () => {
    for (let round = 0; round < 30; round++) {
      const userId = await user()
      const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400
      const completed = {
        id: `evt_checkout_${userId}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: `cs_${userId}`, object: 'checkout.session', customer: `cus_${userId}`, subscription: `sub_${userId}`, metadata: { user_id: String(userId), plan: 'year' } } },
      }
      const updated = subscriptionEvent(`evt_updated_${userId}`, 'customer.subscription.updated', userId, { periodEnd })
      const answers = await Promise.all([deliverTo(server, completed), deliverTo(server, updated)])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      const subscription = await server.ctx.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow()
      // Whichever came second read what the first wrote: the period end survives the checkout event.
      expect(subscription).toMatchObject({ status: 'active', plan: 'year', current_period_end: new Date(periodEnd * 1000).toISOString(), stripe_subscription_id: `sub_${userId}` })
      expect(await premium(userId)).toBe(1)
    }
  })
})
