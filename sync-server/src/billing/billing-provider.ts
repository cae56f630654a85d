import type { BillingPlan, BillingPlanId } from '../../../contract/index.ts'
import type { SubscriptionRow } from '../repositories/billing.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'

/**
 * Where payments happen. Stripe when it is configured; otherwise, outside production, a local
 * provider that completes every flow on this server so the app can be tried and tested offline.
 */
export interface BillingProvider {
  readonly name: 'local' | 'stripe'
  plans(): Promise<BillingPlan[]>
  /** Starts paying for a plan: the URL to send the browser to, and the checkout's id. */
  startCheckout(user: UserRow, plan: BillingPlanId): Promise<{ url: string; id: string }>
  /** After the browser comes back: whether the checkout is paid (the local provider marks it paid). */
  confirm(user: UserRow, checkoutId: string): Promise<{ paid: boolean }>
  /** A page where the subscriber manages or cancels the plan. */
  portal(user: UserRow): Promise<{ url: string }>
  /**
   * Ends a subscription of this provider at once, with no further charge (the account is being deleted).
   * Resolves once the provider has it ended; throws when the provider could not be reached.
   */
  endNow(subscription: SubscriptionRow): Promise<void>
}

/** Local prices, in US cents, shown when Stripe does not say otherwise. */
export const LOCAL_PLANS: BillingPlan[] = [
  { id: 'month', amount: 900, currency: 'usd', interval: 'month' },
  { id: 'year', amount: 7200, currency: 'usd', interval: 'year' },
]
