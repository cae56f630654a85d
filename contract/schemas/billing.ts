import { z } from 'zod'
import { countSchema, isoDateTimeSchema } from './common.ts'
import { userSchema } from './user.ts'
import { BILLING_PLANS } from '../vocabulary.ts'
export { BILLING_PLANS, type BillingPlanId } from '../vocabulary.ts'


export const billingPlanSchema = z.strictObject({
  id: z.enum(BILLING_PLANS),
  /** In the currency's smallest unit (cents). */
  amount: countSchema,
  currency: z.string(),
  interval: z.enum(BILLING_PLANS),
})
export type BillingPlan = z.infer<typeof billingPlanSchema>

export const checkoutBodySchema = z.object({ plan: z.enum(BILLING_PLANS, { error: 'plan is month or year.' }) })
export const confirmBodySchema = z.object({ session: z.string({ error: 'session is required.' }).min(1).max(300) })

export const subscriptionSchema = z.strictObject({
  plan: z.enum(BILLING_PLANS),
  status: z.enum(['active', 'canceled', 'past_due']),
  current_period_end: isoDateTimeSchema.nullable(),
  cancel_at_period_end: z.boolean(),
  provider: z.enum(['local', 'stripe']),
})
export type Subscription = z.infer<typeof subscriptionSchema>

/** POST /billing/checkout and /billing/portal: where to send the buyer (`url` also bare, as the first clients read it). */
export const billingRedirectSchema = z.strictObject({ url: z.string(), data: z.strictObject({ url: z.string() }) })
/** POST /billing/confirm: the user after the payment, and whether it went through. */
export const billingConfirmedSchema = z.strictObject({ data: userSchema, paid: z.boolean() })
/** POST /billing/webhook, to Stripe: taken (or taken before). */
export const webhookReceivedSchema = z.strictObject({ received: z.literal(true), duplicate: z.boolean() })
