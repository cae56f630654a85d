/** Billing: checkouts, subscriptions and the provider's events. The whole database: db/schema.ts. */
import type { Generated } from 'kysely'
import type { Flag, Provider, Plan } from './columns.ts'

/** 0006 */
export interface BillingCheckoutsTable {
  id: string
  user_id: number
  plan: Plan
  provider: Provider
  status: Generated<'open' | 'paid' | 'expired'>
  created_at: string
  completed_at: string | null
}

export interface SubscriptionsTable {
  user_id: number
  provider: Provider
  plan: Plan
  status: 'active' | 'canceled' | 'past_due'
  current_period_end: string | null
  cancel_at_period_end: Generated<Flag>
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  updated_at: string
}

export interface BillingEventsTable {
  id: string
  type: string
  received_at: string
}
