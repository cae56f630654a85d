/** The billing calls of docs/api.md "Billing", typed with the contract's shapes. */
import type { BillingPlanId } from '../../../../contract/schemas/billing.ts'
import { call } from '../api-call.ts'

export const billingApi = {
  plans: () => call('billing.plans').then((r) => r.data),
  /** The URL to send the browser to: Stripe Checkout, or /billing/success with the local provider. */
  checkout: (plan: BillingPlanId) => call('billing.checkout', { plan }).then((r) => r.url),
  confirm: (session: string) => call('billing.confirm', { session }),
  subscription: () => call('billing.subscription').then((r) => r.data),
  cancel: () => call('billing.cancel').then((r) => r.data),
}
