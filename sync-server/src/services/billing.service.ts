/**
 * Billing: plans, checkout, confirmation, the portal, cancelling (local provider), and keeping
 * users.is_premium equal to the subscription rule (billing/subscription-state.ts), including when a
 * paid period runs out (Stripe reports renewals by webhook; local plans renew here unless cancelled).
 */
import type { Kysely } from 'kysely'
import type { BillingPlan, BillingPlanId, Subscription, User } from '../../../contract/index.ts'
import { ERROR_CODES } from '../../../contract/index.ts'
import type { BillingProvider } from '../billing/billing-provider.ts'
import { addPlanPeriod, isPremium } from '../billing/subscription-state.ts'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { createBillingRepository, type BillingRepository } from '../repositories/billing.repository.ts'
import type { UserRow, UsersRepository } from '../repositories/users.repository.ts'
import type { UsersService } from './users.service.ts'

export type BillingService = ReturnType<typeof createBillingService>

export function createBillingService(deps: {
  db: Kysely<Database>
  provider: BillingProvider | undefined
  billing: BillingRepository
  users: UsersRepository
  usersService: UsersService
  clock: Clock
}) {
  const nowIso = () => new Date(deps.clock.now()).toISOString()

  function provider(): BillingProvider {
    // Said once at start (startup-warnings.ts), not logged at every call.
    if (!deps.provider) throw new ApiError(503, 'billing_unavailable', 'Payments are not set up on this server.', { expected: true })
    return deps.provider
  }

  /** Recomputes the flag from the subscription and answers the fresh user. */
  async function refreshPremium(userId: number): Promise<User> {
    await deps.billing.setPremium(userId, isPremium(await deps.billing.subscriptionOf(userId), nowIso()))
    return deps.usersService.toView((await deps.users.findById(userId))!)
  }

  return {
    /** Which provider takes payments here, if any. */
    providerName: (): BillingProvider['name'] | undefined => deps.provider?.name,

    plans: (): Promise<BillingPlan[]> => provider().plans(),

    /**
     * Before an account is deleted: its subscription ends at the provider at once, so nothing is charged
     * again. A local plan needs nothing beyond its row (deleted with the account); a Stripe one needs
     * Stripe, and fails (503) rather than leave a subscription charging an account that is gone.
     */
    async endAtOnce(userId: number): Promise<void> {
      const subscription = await deps.billing.subscriptionOf(userId)
      if (!subscription || subscription.status === 'canceled') return
      if (subscription.provider !== deps.provider?.name && subscription.provider !== 'local') {
        throw new ApiError(503, 'billing_unavailable', 'We could not reach the payment provider to end your subscription. Please try again later.')
      }
      try {
        await deps.provider?.endNow(subscription)
      } catch (error) {
        throw new ApiError(503, 'billing_unavailable', 'We could not reach the payment provider to end your subscription. Please try again later.', { cause: error })
      }
    },

    checkout: (user: UserRow, plan: BillingPlanId) => provider().startCheckout(user, plan),

    async confirm(user: UserRow, checkoutId: string): Promise<{ user: User; paid: boolean }> {
      const { paid } = await provider().confirm(user, checkoutId)
      return { user: await refreshPremium(user.id), paid }
    },

    /** Premium members only (spec section 6), premium as /me shows it: others get 403 before any provider call. */
    portal(user: UserRow) {
      if (user.is_premium !== 1) {
        throw new ApiError(403, ERROR_CODES.premiumRequired, 'The billing portal is for premium members.')
      }
      return provider().portal(user)
    },

    async subscription(user: UserRow): Promise<Subscription | null> {
      const row = await deps.billing.subscriptionOf(user.id)
      if (!row) return null
      return {
        plan: row.plan,
        status: row.status,
        current_period_end: row.current_period_end,
        cancel_at_period_end: row.cancel_at_period_end === 1,
        provider: row.provider,
      }
    },

    /** Local provider only (Stripe subscribers cancel in Stripe's portal): premium lasts to period end. */
    async cancel(user: UserRow): Promise<Subscription | null> {
      const row = await deps.billing.subscriptionOf(user.id)
      if (!row || row.status !== 'active') throw new ApiError(409, ERROR_CODES.conflict, 'There is no active subscription to cancel.')
      if (row.provider !== 'local') throw new ApiError(409, ERROR_CODES.conflict, 'Manage this subscription in the billing portal.')
      await deps.billing.saveSubscription({ ...row, cancel_at_period_end: 1, updated_at: nowIso() })
      return this.subscription(user)
    },

    /**
     * Ends the subscriptions whose paid period is over (cancelled, or local ones not renewed). Each in
     * a transaction holding the user's row, re-read there: a webhook that renewed it since the list was
     * read wins.
     */
    async expireLapsed(): Promise<number> {
      const now = nowIso()
      const lapsed = await deps.billing.lapsedSubscriptions(now)
      for (const { user_id: userId } of lapsed) {
        await deps.db.transaction().execute(async (trx) => {
          const billing = createBillingRepository(trx)
          await billing.lockUser(userId)
          const row = await billing.subscriptionOf(userId)
          if (!row || row.status !== 'active' || isPremium(row, now)) return
          if (row.provider === 'local' && row.cancel_at_period_end === 0) {
            // The local provider stands in for a card that always pays: the plan renews.
            await billing.saveSubscription({ ...row, current_period_end: addPlanPeriod(deps.clock.now(), row.plan), updated_at: now })
            return
          }
          await billing.saveSubscription({ ...row, status: 'canceled', updated_at: now })
          await billing.setPremium(userId, false)
        })
      }
      return lapsed.length
    },
  }
}
