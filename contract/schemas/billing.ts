import { z } from 'zod'

export const BILLING_PLANS = ['month', 'year'] as const
export type BillingPlanId = (typeof BILLING_PLANS)[number]

export interface BillingPlan {
  id: BillingPlanId
  /** In the currency's smallest unit (cents). */
  amount: number
  currency: string
  interval: BillingPlanId
}

export const checkoutBodySchema = z.object({ plan: z.enum(BILLING_PLANS, { error: 'plan is month or year.' }) })
export const confirmBodySchema = z.object({ session: z.string({ error: 'session is required.' }).min(1).max(300) })

export interface Subscription {
  plan: BillingPlanId
  status: 'active' | 'canceled' | 'past_due'
  current_period_end: string | null
  cancel_at_period_end: boolean
  provider: 'local' | 'stripe'
}
