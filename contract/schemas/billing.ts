import { z } from 'zod'
import { BILLING_PLANS, type BillingPlanId } from '../vocabulary.ts'
export { BILLING_PLANS, type BillingPlanId } from '../vocabulary.ts'


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
