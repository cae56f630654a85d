/** The billing calls of docs/api.md "Billing", typed with the contract's shapes. */
import type { BillingPlan, BillingPlanId, Subscription } from '../../../../contract/schemas/billing.ts'
import type { User } from '../../../../contract/schemas/user.ts'
import { api } from '../api.ts'

export const billingApi = {
  plans: () => api.get<{ data: BillingPlan[] }>('/billing/plans').then((r) => r.data),
  /** The URL to send the browser to: Stripe Checkout, or /billing/success with the local provider. */
  checkout: (plan: BillingPlanId) => api.post<{ url: string }>('/billing/checkout', { plan }).then((r) => r.url),
  confirm: (session: string) => api.post<{ data: User; paid: boolean }>('/billing/confirm', { session }),
  subscription: () => api.get<{ data: Subscription | null }>('/billing/subscription').then((r) => r.data),
  cancel: () => api.post<{ data: Subscription | null }>('/billing/cancel').then((r) => r.data),
}
