import type { Db } from '../db/connection.ts'

export interface CheckoutRow {
  id: string
  user_id: number
  plan: 'month' | 'year'
  provider: 'local' | 'stripe'
  status: 'open' | 'paid' | 'expired'
  created_at: string
  completed_at: string | null
}

export interface SubscriptionRow {
  user_id: number
  provider: 'local' | 'stripe'
  plan: 'month' | 'year'
  status: 'active' | 'canceled' | 'past_due'
  current_period_end: string | null
  cancel_at_period_end: number
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  updated_at: string
}

export type BillingRepository = ReturnType<typeof createBillingRepository>

export function createBillingRepository(db: Db) {
  const insertCheckout = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO billing_checkouts (id, user_id, plan, provider, created_at) VALUES (?, ?, ?, ?, ?)',
  )
  const checkout = db.prepare<[string], CheckoutRow>('SELECT * FROM billing_checkouts WHERE id = ?')
  const markPaid = db.prepare<[string, string]>("UPDATE billing_checkouts SET status = 'paid', completed_at = ? WHERE id = ? AND status = 'open'")
  const subscription = db.prepare<[number], SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = ?')
  const byCustomer = db.prepare<[string], SubscriptionRow>('SELECT * FROM subscriptions WHERE stripe_customer_id = ?')
  const upsert = db.prepare<SubscriptionRow>(
    `INSERT INTO subscriptions (user_id, provider, plan, status, current_period_end, cancel_at_period_end, stripe_customer_id, stripe_subscription_id, updated_at)
     VALUES (@user_id, @provider, @plan, @status, @current_period_end, @cancel_at_period_end, @stripe_customer_id, @stripe_subscription_id, @updated_at)
     ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider, plan = excluded.plan, status = excluded.status,
       current_period_end = excluded.current_period_end, cancel_at_period_end = excluded.cancel_at_period_end,
       stripe_customer_id = excluded.stripe_customer_id, stripe_subscription_id = excluded.stripe_subscription_id,
       updated_at = excluded.updated_at`,
  )
  const setPremium = db.prepare<[number, number]>('UPDATE users SET is_premium = ? WHERE id = ?')
  const lapsed = db.prepare<[string], SubscriptionRow>(
    "SELECT * FROM subscriptions WHERE status = 'active' AND current_period_end IS NOT NULL AND current_period_end <= ?",
  )
  const recordEvent = db.prepare<[string, string, string]>(
    'INSERT INTO billing_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  )
  return {
    createCheckout: (id: string, userId: number, plan: string, provider: string, nowIso: string) =>
      void insertCheckout.run(id, userId, plan, provider, nowIso),
    findCheckout: (id: string) => checkout.get(id),
    /** True for the call that turned an open checkout into a paid one. */
    markCheckoutPaid: (id: string, nowIso: string) => markPaid.run(nowIso, id).changes === 1,
    subscriptionOf: (userId: number) => subscription.get(userId),
    subscriptionOfCustomer: (customerId: string) => byCustomer.get(customerId),
    saveSubscription: (row: SubscriptionRow) => void upsert.run(row),
    setPremium: (userId: number, premium: boolean) => void setPremium.run(premium ? 1 : 0, userId),
    lapsedSubscriptions: (nowIso: string) => lapsed.all(nowIso),
    /** False when the event was applied before (Stripe redelivers). */
    recordEvent: (id: string, type: string, nowIso: string) => recordEvent.run(id, type, nowIso).changes === 1,
  }
}
