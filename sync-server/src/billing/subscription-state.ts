/**
 * The one rule for who is premium: a subscription that is `active` and whose paid period has not
 * ended. `canceled` and `past_due` are not premium. Cancelling at period end keeps premium until then.
 */
import type { SubscriptionRow } from '../repositories/billing.repository.ts'

export function isPremium(subscription: Pick<SubscriptionRow, 'status' | 'current_period_end'> | undefined, nowIso: string): boolean {
  if (!subscription || subscription.status !== 'active') return false
  return subscription.current_period_end === null || subscription.current_period_end > nowIso
}

/** Stripe's subscription statuses in ours. */
export function fromStripeStatus(status: string): SubscriptionRow['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active'
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'past_due'
    default:
      return 'canceled'
  }
}

export function addPlanPeriod(fromMs: number, plan: 'month' | 'year'): string {
  const date = new Date(fromMs)
  if (plan === 'month') date.setUTCMonth(date.getUTCMonth() + 1)
  else date.setUTCFullYear(date.getUTCFullYear() + 1)
  return date.toISOString()
}
