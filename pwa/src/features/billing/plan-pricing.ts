/**
 * How a plan's price reads: the amount in the visitor's locale and the plan's currency, and for the
 * yearly plan what it comes to per month and how much it saves against twelve monthly payments.
 */
import type { BillingPlan } from '../../../../contract/schemas/billing.ts'

export function formatMoney(cents: number, currency: string, locale: string): string {
  const whole = cents % 100 === 0
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100)
}

/** The yearly plan's price per month, in cents, rounded down so it never overstates the saving. */
export function monthlyEquivalent(plan: BillingPlan): number {
  return plan.interval === 'year' ? Math.floor(plan.amount / 12) : plan.amount
}

/** Whole percent the yearly plan saves over twelve months of the monthly one; null when it does not. */
export function yearlySavingPercent(plans: readonly BillingPlan[]): number | null {
  const month = plans.find((plan) => plan.interval === 'month')
  const year = plans.find((plan) => plan.interval === 'year')
  if (!month || !year || month.currency !== year.currency || month.amount <= 0) return null
  const saving = Math.floor((1 - year.amount / (month.amount * 12)) * 100)
  return saving > 0 ? saving : null
}
