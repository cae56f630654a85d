import { describe, expect, it } from 'vitest'
import type { BillingPlan } from '../../../../contract/schemas/billing.ts'
import { formatMoney, monthlyEquivalent, yearlySavingPercent } from './plan-pricing.ts'

const month: BillingPlan = { id: 'month', amount: 900, currency: 'usd', interval: 'month' }
const year: BillingPlan = { id: 'year', amount: 7900, currency: 'usd', interval: 'year' }

describe('plan pricing', () => {
  it('formats cents in the plan currency, without decimals for whole amounts', () => {
    expect(formatMoney(900, 'usd', 'en')).toBe('$9')
    expect(formatMoney(658, 'usd', 'en')).toBe('$6.58')
    expect(formatMoney(7900, 'eur', 'en')).toBe('€79')
  })

  it('gives the yearly plan per month and its saving', () => {
    expect(monthlyEquivalent(year)).toBe(658)
    expect(monthlyEquivalent(month)).toBe(900)
    expect(yearlySavingPercent([month, year])).toBe(26)
    expect(yearlySavingPercent([month, { ...year, amount: 12000 }])).toBeNull()
    expect(yearlySavingPercent([month, { ...year, currency: 'eur' }])).toBeNull()
    expect(yearlySavingPercent([year])).toBeNull()
  })
})
