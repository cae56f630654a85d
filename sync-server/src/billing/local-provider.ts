/**
 * The local billing provider (no Stripe settings, never in production): checkout sends the browser
 * straight to /billing/success, and confirming there counts as paid. It stores the same checkouts and
 * subscriptions as Stripe would, so the rest of the app cannot tell the difference.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BillingPlanId } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../errors.ts'
import { createBillingRepository, type BillingRepository } from '../repositories/billing.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { LOCAL_PLANS, type BillingProvider } from './billing-provider.ts'
import { addPlanPeriod } from './subscription-state.ts'

export function createLocalProvider(deps: { db: Kysely<Database>; billing: BillingRepository; clock: Clock }): BillingProvider {
  const { billing, clock } = deps

  /** Marks the checkout paid and starts the plan, once, in one transaction. */
  const confirm = (user: UserRow, checkoutId: string) =>
    deps.db.transaction().execute(async (trx) => {
      const billing = createBillingRepository(trx)
      const checkout = await billing.findCheckout(checkoutId)
      if (!checkout || checkout.user_id !== user.id) throw notFound('No such checkout.')
      const now = clock.now()
      const nowIso = new Date(now).toISOString()
      if (await billing.markCheckoutPaid(checkoutId, nowIso)) {
        await billing.saveSubscription({
          user_id: user.id,
          provider: 'local',
          plan: checkout.plan,
          status: 'active',
          current_period_end: addPlanPeriod(now, checkout.plan),
          cancel_at_period_end: 0,
          stripe_customer_id: null,
          stripe_subscription_id: null,
          updated_at: nowIso,
        })
      }
      return { paid: true }
    })

  return {
    name: 'local',
    plans: async () => LOCAL_PLANS,
    async startCheckout(user: UserRow, plan: BillingPlanId) {
      const id = `local_${randomBytes(12).toString('hex')}`
      await billing.createCheckout(id, user.id, plan, 'local', new Date(clock.now()).toISOString())
      return { id, url: `/billing/success?session=${id}` }
    },
    confirm,
    portal: async () => ({ url: '/account?manage=1' }),
    // Nothing outside this database: the plan renews only in expireLapsed, which needs its row.
    endNow: async () => {},
  }
}
