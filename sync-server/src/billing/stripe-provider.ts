/**
 * Stripe, used only when STRIPE_SECRET_KEY is set: Checkout Sessions to pay, the Billing Portal to
 * manage. Premium itself is set by the webhook (stripe-webhook.ts), never by the browser coming back.
 */
import Stripe from 'stripe'
import type { BillingPlan, BillingPlanId } from '../../../contract/index.ts'
import { ERROR_CODES } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, notFound } from '../errors.ts'
import type { BillingRepository } from '../repositories/billing.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { BillingProvider } from './billing-provider.ts'

/**
 * A call to Stripe that Stripe did not answer as asked (no connection, its 5xx or rate limit, our key
 * or a price refused): 503 billing_unavailable, the cause logged by the error handler, rather than a
 * bare 500 (issue 45). The learner can try again; nothing of ours was written before the call.
 */
async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error
    throw new ApiError(503, 'billing_unavailable', 'We could not reach the payment provider. Please try again in a few minutes.', { cause: error })
  }
}

export function createStripeProvider(deps: {
  stripe: Stripe
  prices: { month?: string; year?: string }
  publicUrl: string
  billing: BillingRepository
  clock: Clock
}): BillingProvider {
  const { stripe, billing } = deps
  let plansCache: Promise<BillingPlan[]> | undefined

  function priceOf(plan: BillingPlanId): string {
    const price = deps.prices[plan]
    if (!price) throw new ApiError(422, ERROR_CODES.validation, `The ${plan} plan is not offered.`, { errors: [`The ${plan} plan is not offered.`] })
    return price
  }

  return {
    name: 'stripe',
    plans() {
      plansCache ??= Promise.all(
        (['month', 'year'] as const)
          .filter((plan) => deps.prices[plan])
          .map(async (plan): Promise<BillingPlan> => {
            const price = await atStripe(() => stripe.prices.retrieve(deps.prices[plan]!))
            return { id: plan, amount: price.unit_amount ?? 0, currency: price.currency, interval: plan }
          }),
      ).catch((error: unknown) => {
        plansCache = undefined
        throw error
      })
      return plansCache
    },

    async startCheckout(user, plan) {
      const customer = (await billing.subscriptionOf(user.id))?.stripe_customer_id ?? undefined
      const price = priceOf(plan)
      const session = await atStripe(() =>
        stripe.checkout.sessions.create({
        mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          success_url: `${deps.publicUrl}/billing/success?session={CHECKOUT_SESSION_ID}`,
          cancel_url: `${deps.publicUrl}/billing`,
          client_reference_id: String(user.id),
          ...(customer ? { customer } : { customer_email: user.email }),
          subscription_data: { metadata: { user_id: String(user.id), plan } },
          metadata: { user_id: String(user.id), plan },
        }),
      )
      await billing.createCheckout(session.id, user.id, plan, 'stripe', new Date(deps.clock.now()).toISOString())
      return { id: session.id, url: session.url! }
    },

    async confirm(user, checkoutId) {
      const checkout = await billing.findCheckout(checkoutId)
      if (!checkout || checkout.user_id !== user.id) throw notFound('No such checkout.')
      const session = await atStripe(() => stripe.checkout.sessions.retrieve(checkoutId))
      return { paid: session.payment_status === 'paid' || session.status === 'complete' }
    },

    async endNow(subscription) {
      if (!subscription.stripe_subscription_id) return
      try {
        await stripe.subscriptions.cancel(subscription.stripe_subscription_id, { prorate: false })
      } catch (error) {
        // Already cancelled, or gone at Stripe: it will not charge again either way.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return
        throw error
      }
    },

    async portal(user: UserRow) {
      const customer = (await billing.subscriptionOf(user.id))?.stripe_customer_id
      if (!customer) throw new ApiError(409, ERROR_CODES.conflict, 'There is no subscription to manage yet.')
      const session = await atStripe(() => stripe.billingPortal.sessions.create({ customer, return_url: `${deps.publicUrl}/account` }))
      return { url: session.url }
    },
  }
}
