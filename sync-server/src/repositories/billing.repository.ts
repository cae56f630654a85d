import type { Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type CheckoutRow = Row<'billing_checkouts'>
export type SubscriptionRow = Row<'subscriptions'>

export type BillingRepository = ReturnType<typeof createBillingRepository>

/** Over `db`, or over a transaction: `createBillingRepository(trx)`. */
export function createBillingRepository(db: Kysely<Database>) {
  return {
    async createCheckout(id: string, userId: number, plan: CheckoutRow['plan'], provider: CheckoutRow['provider'], nowIso: string): Promise<void> {
      await db.insertInto('billing_checkouts').values({ id, user_id: userId, plan, provider, created_at: nowIso }).execute()
    },
    findCheckout: (id: string): Promise<CheckoutRow | undefined> => db.selectFrom('billing_checkouts').selectAll().where('id', '=', id).executeTakeFirst(),
    /** True for the call that turned an open checkout into a paid one. */
    async markCheckoutPaid(id: string, nowIso: string): Promise<boolean> {
      const row = await db
        .updateTable('billing_checkouts')
        .set({ status: 'paid', completed_at: nowIso })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },
    subscriptionOf: (userId: number): Promise<SubscriptionRow | undefined> =>
      db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    subscriptionOfCustomer: (customerId: string): Promise<SubscriptionRow | undefined> =>
      db.selectFrom('subscriptions').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst(),
    /** Inserts or replaces the user's one subscription. */
    async saveSubscription(row: SubscriptionRow): Promise<void> {
      await db
        .insertInto('subscriptions')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet((eb) => ({
            provider: eb.ref('excluded.provider'),
            plan: eb.ref('excluded.plan'),
            status: eb.ref('excluded.status'),
            current_period_end: eb.ref('excluded.current_period_end'),
            cancel_at_period_end: eb.ref('excluded.cancel_at_period_end'),
            stripe_customer_id: eb.ref('excluded.stripe_customer_id'),
            stripe_subscription_id: eb.ref('excluded.stripe_subscription_id'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute()
    },
    async setPremium(userId: number, premium: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ is_premium: premium ? 1 : 0 })
        .where('id', '=', userId)
        .execute()
    },
    /**
     * Inside a transaction: holds the user's row until it ends (a write that changes nothing), so two
     * transactions changing one user's subscription take turns instead of each writing what it read
     * before the other committed. SQLite's BEGIN IMMEDIATE already runs them one at a time. False when
     * there is no such user (nothing is held).
     */
    async lockUser(userId: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set((eb) => ({ is_premium: eb.ref('is_premium') }))
        .where('id', '=', userId)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    /** Active subscriptions whose paid period has ended. */
    lapsedSubscriptions: (nowIso: string): Promise<SubscriptionRow[]> =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('status', '=', 'active')
        .where('current_period_end', 'is not', null)
        .where('current_period_end', '<=', nowIso)
        .execute(),
    /**
     * Records a Stripe event id; false when it was recorded before (Stripe redelivers). Run it in the
     * transaction that applies the event: `ON CONFLICT DO NOTHING RETURNING` answers a row only to the
     * insert that won, and a concurrent delivery of the same id waits on the key until that
     * transaction ends, then answers none (or inserts, if the first rolled back).
     */
    async recordEvent(id: string, type: string, nowIso: string): Promise<boolean> {
      const row = await db
        .insertInto('billing_events')
        .values({ id, type, received_at: nowIso })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },
  }
}
