/**
 * /billing: the monthly and yearly plans (?plan=year preselects the yearly one, as the navbar's
 * Upgrade link asks) and the checkout, which sends the browser to the address the server answers:
 * Stripe Checkout, or straight to /billing/success with the local provider.
 */
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { BILLING_PLANS, type BillingPlanId } from '../../../contract/vocabulary.ts'
import type { BillingPlan } from '../../../contract/schemas/billing.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { NetworkError } from '../data/api.ts'
import { billingApi } from '../data/account/billing-api.ts'
import { formatMoney, monthlyEquivalent, yearlySavingPercent } from '../features/billing/plan-pricing.ts'
import { PremiumBenefits } from '../features/billing/PremiumBenefits.tsx'
import { useSession } from '../data/session/session.ts'
import { useTranslation } from 'react-i18next'
import '../features/billing/billing.css'

type Plans = { kind: 'loading' } | { kind: 'ready'; plans: BillingPlan[] } | { kind: 'error'; offline: boolean }
type Checkout = { kind: 'idle' } | { kind: 'starting' } | { kind: 'error'; offline: boolean }

function planFromQuery(value: string | null): BillingPlanId {
  return BILLING_PLANS.includes(value as BillingPlanId) ? (value as BillingPlanId) : 'month'
}

export default function BillingPage() {
  const { t, i18n } = useTranslation('billing')
  const [params] = useSearchParams()
  const { user } = useSession()
  const [selected, setSelected] = useState<BillingPlanId>(() => planFromQuery(params.get('plan')))
  const [plans, setPlans] = useState<Plans>({ kind: 'loading' })
  const [checkout, setCheckout] = useState<Checkout>({ kind: 'idle' })
  const [attempt, setAttempt] = useState(0)
  const premium = Boolean(user?.is_premium || user?.premium)

  useEffect(() => {
    let cancelled = false
    billingApi
      .plans()
      .then((list) => {
        if (!cancelled) setPlans({ kind: 'ready', plans: list })
      })
      .catch((error: unknown) => {
        if (!cancelled) setPlans({ kind: 'error', offline: error instanceof NetworkError })
      })
    return () => {
      cancelled = true
    }
  }, [attempt])

  function retryPlans() {
    setPlans({ kind: 'loading' })
    setAttempt((value) => value + 1)
  }

  async function startCheckout(event: React.FormEvent) {
    event.preventDefault()
    setCheckout({ kind: 'starting' })
    try {
      const url = await billingApi.checkout(selected)
      window.location.assign(url)
    } catch (error) {
      setCheckout({ kind: 'error', offline: error instanceof NetworkError })
    }
  }

  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language)

  let body: React.ReactNode
  if (premium) {
    body = (
      <section className="card billing-already" data-testid="already-premium">
        <p>{t('plans.alreadyPremium')}</p>
        <Link className="button button-secondary" to="/account">
          {t('plans.toAccount')}
        </Link>
      </section>
    )
  } else if (plans.kind === 'loading') {
    body = (
      <p className="muted" role="status">
        {t('plans.loading')}
      </p>
    )
  } else if (plans.kind === 'error') {
    body = (
      <div className="card billing-already" role="alert">
        <p className="form-error">{plans.offline ? t('errors.offline') : t('plans.failed')}</p>
        <button type="button" className="button button-secondary" onClick={retryPlans}>
          {t('plans.retry')}
        </button>
      </div>
    )
  } else {
    const saving = yearlySavingPercent(plans.plans)
    const ordered = [...plans.plans].sort((a, b) => BILLING_PLANS.indexOf(a.id) - BILLING_PLANS.indexOf(b.id))
    const starting = checkout.kind === 'starting'
    body = (
      <form className="billing-form" onSubmit={startCheckout}>
        <fieldset className="plan-options" disabled={starting}>
          <legend className="field-label">{t('plans.choose')}</legend>
          {ordered.map((plan) => (
            <label key={plan.id} className={plan.id === selected ? 'plan-option selected' : 'plan-option'} data-testid={`plan-${plan.id}`}>
              <input
                type="radio"
                name="plan"
                value={plan.id}
                checked={plan.id === selected}
                onChange={() => setSelected(plan.id)}
              />
              <span className="plan-text">
                <span className="plan-name">
                  {t(`plans.${plan.id}.name`)}
                  {plan.id === 'year' && saving ? <span className="tag">{t('plans.save', { percent: saving })}</span> : null}
                </span>
                <span className="plan-price">
                  {t(`plans.${plan.id}.price`, { price: money(plan.amount, plan.currency) })}
                </span>
                <span className="muted plan-note">
                  {plan.id === 'year'
                    ? t('plans.year.note', { price: money(monthlyEquivalent(plan), plan.currency) })
                    : t('plans.month.note')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="checkout-row">
          <button type="submit" className="button button-accent button-large" disabled={starting}>
            {starting ? t('plans.starting') : t('plans.checkout')}
          </button>
          <p className="form-error" role="status">
            {checkout.kind === 'error' ? (checkout.offline ? t('errors.offline') : t('errors.generic')) : ''}
          </p>
        </div>
        <p className="muted billing-fineprint">{t('plans.fineprint')}</p>
      </form>
    )
  }

  return (
    <PageFrame title={t('plans.title')}>
      <p className="lead">{t('plans.intro')}</p>
      <div className="billing-layout">
        <div>{body}</div>
        <PremiumBenefits heading={t('benefits.heading')} />
      </div>
    </PageFrame>
  )
}
