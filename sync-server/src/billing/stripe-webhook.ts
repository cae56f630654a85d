/**
 * Stripe webhook events → subscriptions and users.is_premium.
 * - The signature is checked over the raw body; a bad one is 400 and changes nothing.
 * - Each event id is applied once: it is inserted (`ON CONFLICT DO NOTHING RETURNING`) in the same
 *   transaction as its effect, so a redelivered event is acknowledged and ignored, and two deliveries
 *   of one event at the same moment apply it once on either engine (the second waits on the key, then
 *   finds it taken). Nothing in the transaction calls Stripe.
 * - Changes to one user's subscription take turns (the user's row is held), so events for the same
 *   user arriving together never write over each other's fields.
 * - The signed timestamp must be within WEBHOOK_TOLERANCE_S of our clock either way: Stripe's own check
 *   refuses only a late one, so a delivery signed for an hour ahead was taken (issue 45).
 * - An event naming no user of ours (an id we never had, or one since deleted) is acknowledged (200)
 *   and logged: an error would have Stripe deliver it again for days, and no retry can find the user.
 * - Handled: checkout.session.completed (links the customer to the user), customer.subscription.
 *   created/updated/deleted (status and period), invoice.payment_failed (past due: no premium).
 */
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type Stripe from 'stripe'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { createBillingRepository, type BillingRepository, type SubscriptionRow } from '../repositories/billing.repository.ts'
import { fromStripeStatus, isPremium } from './subscription-state.ts'

type Loose = Record<string, any>

/** How far the signed `t` may be from our clock, in seconds, either way (Stripe's default, 5 minutes). */
const WEBHOOK_TOLERANCE_S = 300
/** Our user ids are 32-bit integers on PostgreSQL: a larger one in metadata names nobody. */
const MAX_USER_ID = 2_147_483_647

/** The `t=` of a Stripe-Signature header, the last one as Stripe's own parser takes it; NaN when absent. */
function signedTimestamp(header: string): number {
  let timestamp = Number.NaN
  for (const item of header.split(',')) {
    const [key, value] = item.split('=')
    if (key?.trim() === 't') timestamp = /^\d{1,12}$/.test(value?.trim() ?? '') ? Number(value!.trim()) : Number.NaN
  }
  return timestamp
}

export function createStripeWebhook(deps: { stripe: Stripe; secret: string; db: Kysely<Database>; clock: Clock; logger: Logger }) {
  async function userIdOf(billing: BillingRepository, object: Loose): Promise<number | undefined> {
    const fromMetadata = Number(object.metadata?.user_id ?? object.client_reference_id)
    if (Number.isSafeInteger(fromMetadata) && fromMetadata > 0 && fromMetadata <= MAX_USER_ID) return fromMetadata
    const customer = typeof object.customer === 'string' ? object.customer : object.customer?.id
    return customer ? (await billing.subscriptionOfCustomer(customer))?.user_id : undefined
  }

  /** Under the user's row, held by `apply`. */
  async function save(billing: BillingRepository, userId: number, change: Partial<SubscriptionRow>, nowIso: string) {
    const current = await billing.subscriptionOf(userId)
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
    await billing.saveSubscription(next)
    await billing.setPremium(userId, isPremium(next, nowIso))
  }

  async function apply(billing: BillingRepository, event: Stripe.Event): Promise<{ applied: boolean }> {
    const nowIso = new Date(deps.clock.now()).toISOString()
    if (!(await billing.recordEvent(event.id, event.type, nowIso))) return { applied: false }
    const object = event.data.object as Loose
    const userId = await userIdOf(billing, object)
    if (userId === undefined || !(await billing.lockUser(userId))) {
      deps.logger.warn({ eventId: event.id, type: event.type, userId }, 'a Stripe event for no user of ours: acknowledged, nothing changed')
      return { applied: true }
    }
    const customer = typeof object.customer === 'string' ? object.customer : (object.customer?.id ?? undefined)
    switch (event.type) {
      case 'checkout.session.completed': {
        const subscription = typeof object.subscription === 'string' ? object.subscription : object.subscription?.id
        const plan = object.metadata?.plan === 'year' ? 'year' : 'month'
        await save(billing, userId, { stripe_customer_id: customer ?? null, stripe_subscription_id: subscription ?? null, plan, status: 'active' }, nowIso)
        break
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const periodEnd = object.current_period_end ?? object.items?.data?.[0]?.current_period_end
        const interval = object.items?.data?.[0]?.price?.recurring?.interval
        await save(
          billing,
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
        await save(billing, userId, { status: 'past_due' }, nowIso)
        break
      default:
        break
    }
    return { applied: true }
  }

  return {
    /** Verifies and applies one delivery; answers whether it was new. */
    async handle(rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
      let event: Stripe.Event
      const now = deps.clock.now()
      try {
        // Local: checks the HMAC over the body, no call to Stripe (and a timestamp too old, by our clock).
        event = deps.stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.secret, WEBHOOK_TOLERANCE_S, undefined, now)
      } catch {
        throw new ApiError(400, 'invalid_signature', 'The webhook signature does not match.')
      }
      // Signed, so `t` is Stripe's: it must not lie ahead of us either.
      if (!(Math.abs(now / 1000 - signedTimestamp(signature ?? '')) <= WEBHOOK_TOLERANCE_S)) {
        throw new ApiError(400, 'invalid_signature', 'The webhook timestamp is outside the tolerance.')
      }
      return deps.db.transaction().execute((trx) => apply(createBillingRepository(trx), event))
    },
  }
}
