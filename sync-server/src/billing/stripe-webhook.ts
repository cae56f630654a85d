/**
 * Stripe webhook events → subscriptions and users.is_premium.
 * - The signature is checked over the raw body; a bad one is 400 and changes nothing.
 * - Each event id is applied once (billing_events), in the same transaction as its effect, so a
 *   redelivered event is acknowledged and ignored.
 * - Handled: checkout.session.completed (links the customer to the user), customer.subscription.
 *   created/updated/deleted (status and period), invoice.payment_failed (past due: no premium).
 */
import type Stripe from 'stripe'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/connection.ts'
import { ApiError } from '../errors.ts'
import type { BillingRepository, SubscriptionRow } from '../repositories/billing.repository.ts'
import { fromStripeStatus, isPremium } from './subscription-state.ts'

type Loose = Record<string, any>

export function createStripeWebhook(deps: { stripe: Stripe; secret: string; db: Db; billing: BillingRepository; clock: Clock }) {
  const { billing } = deps

  function userIdOf(object: Loose): number | undefined {
    const fromMetadata = Number(object.metadata?.user_id ?? object.client_reference_id)
    if (Number.isSafeInteger(fromMetadata) && fromMetadata > 0) return fromMetadata
    const customer = typeof object.customer === 'string' ? object.customer : object.customer?.id
    return customer ? billing.subscriptionOfCustomer(customer)?.user_id : undefined
  }

  function save(userId: number, change: Partial<SubscriptionRow>, nowIso: string) {
    const current = billing.subscriptionOf(userId)
    const next: SubscriptionRow = {
      user_id: userId,
      provider: 'stripe',
      plan: current?.plan ?? 'month',
      status: current?.status ?? 'active',
      current_period_end: current?.current_period_end ?? null,
      cancel_at_period_end: current?.cancel_at_period_end ?? 0,
      stripe_customer_id: current?.stripe_customer_id ?? null,
      stripe_subscription_id: current?.stripe_subscription_id ?? null,
      ...change,
      updated_at: nowIso,
    }
    billing.saveSubscription(next)
    billing.setPremium(userId, isPremium(next, nowIso))
  }

  const apply = deps.db.transaction((event: Stripe.Event) => {
    const nowIso = new Date(deps.clock.now()).toISOString()
    if (!billing.recordEvent(event.id, event.type, nowIso)) return { applied: false }
    const object = event.data.object as Loose
    const userId = userIdOf(object)
    if (userId === undefined) return { applied: true }
    const customer = typeof object.customer === 'string' ? object.customer : (object.customer?.id ?? undefined)
    switch (event.type) {
      case 'checkout.session.completed': {
        const subscription = typeof object.subscription === 'string' ? object.subscription : object.subscription?.id
        const plan = object.metadata?.plan === 'year' ? 'year' : 'month'
        save(userId, { stripe_customer_id: customer ?? null, stripe_subscription_id: subscription ?? null, plan, status: 'active' }, nowIso)
        break
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const periodEnd = object.current_period_end ?? object.items?.data?.[0]?.current_period_end
        const interval = object.items?.data?.[0]?.price?.recurring?.interval
        save(
          userId,
          {
            status: event.type === 'customer.subscription.deleted' ? 'canceled' : fromStripeStatus(String(object.status)),
            current_period_end: typeof periodEnd === 'number' ? new Date(periodEnd * 1000).toISOString() : null,
            cancel_at_period_end: object.cancel_at_period_end ? 1 : 0,
            stripe_customer_id: customer ?? null,
            stripe_subscription_id: String(object.id),
            ...(interval === 'year' || interval === 'month' ? { plan: interval } : {}),
          },
          nowIso,
        )
        break
      }
      case 'invoice.payment_failed':
        save(userId, { status: 'past_due' }, nowIso)
        break
      default:
        break
    }
    return { applied: true }
  })

  return {
    /** Verifies and applies one delivery; answers whether it was new. */
    handle(rawBody: Buffer, signature: string | undefined): { applied: boolean } {
      let event: Stripe.Event
      try {
        event = deps.stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.secret)
      } catch {
        throw new ApiError(400, 'invalid_signature', 'The webhook signature does not match.')
      }
      return apply.immediate(event)
    },
  }
}
