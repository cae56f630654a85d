/**
 * /account: who I am (e-mail, display name), my plan with its renewal or end date, premium status,
 * cancelling (local provider; Stripe subscribers go to Stripe's portal), downloading my data, my
 * signed-in devices, deleting my account (features/account/), and signing out. With the
 * local provider this page is also the "billing portal" (/account?manage=1).
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { Subscription } from '../../../contract/schemas/billing.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { billingApi } from '../data/account/billing-api.ts'
import { CancelSubscriptionDialog } from '../features/billing/CancelSubscriptionDialog.tsx'
import { openBillingPortal } from '../data/account/billing-portal.ts'
import { openDialog } from '../features/navbar/dialogs.ts'
import { session, useSession } from '../data/session/session.ts'
import { useTranslation } from 'react-i18next'
import { DataExportSection } from '../features/account/DataExportSection.tsx'
import { DeleteAccountSection } from '../features/account/DeleteAccountSection.tsx'
import { DevicesSection } from '../features/account/DevicesSection.tsx'
import '../features/billing/billing.css'
import '../features/account/account.css'

type SubscriptionState = { kind: 'loading' } | { kind: 'ready'; subscription: Subscription | null } | { kind: 'error' }

export default function AccountPage() {
  const { t, i18n } = useTranslation('billing')
  const { user } = useSession()
  const [params] = useSearchParams()
  const managing = params.get('manage') === '1'
  const [subscription, setSubscription] = useState<SubscriptionState>({ kind: 'loading' })
  const [cancelOpen, setCancelOpen] = useState(false)
  const [cancelled, setCancelled] = useState(false)
  const planSection = useRef<HTMLElement>(null)

  useEffect(() => {
    let stale = false
    // The stored user may be old (premium just bought or lapsed): ask the server.
    void session.refresh()
    billingApi
      .subscription()
      .then((value) => {
        if (!stale) setSubscription({ kind: 'ready', subscription: value })
      })
      .catch(() => {
        if (!stale) setSubscription({ kind: 'error' })
      })
    return () => {
      stale = true
    }
  }, [])

  useEffect(() => {
    if (managing) planSection.current?.scrollIntoView({ block: 'start' })
  }, [managing])

  if (!user) return null
  const premium = Boolean(user.is_premium || user.premium)
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso))
  const current = subscription.kind === 'ready' ? subscription.subscription : null
  const endDate = current?.current_period_end ? formatDate(current.current_period_end) : null
  const ending = Boolean(current && (current.cancel_at_period_end || current.status === 'canceled'))

  let planName = t('account.planFree')
  if (current && (premium || current.status !== 'canceled')) planName = t(`account.plan.${current.plan}`)
  else if (premium) planName = t('account.planPremium')

  let status = t('account.statusFree')
  if (premium && ending) status = t('account.statusEnding')
  else if (premium) status = t('account.statusActive')
  else if (current?.status === 'past_due') status = t('account.statusPastDue')

  const canCancel = premium && current?.provider === 'local' && current.status === 'active' && !current.cancel_at_period_end

  return (
    <PageFrame title={t('account.title')}>
      <div className="account-grid">
        <section className="card account-section" aria-labelledby="account-profile">
          <h2 id="account-profile">{t('account.profile')}</h2>
          <dl className="account-list">
            <dt>{t('account.email')}</dt>
            <dd data-testid="account-email">{user.email}</dd>
            <dt>{t('account.displayName')}</dt>
            <dd data-testid="account-name">{user.display_name ?? <span className="muted">{t('account.noName')}</span>}</dd>
          </dl>
          <div className="account-actions">
            <button type="button" className="button button-secondary button-small" onClick={() => openDialog('settings')}>
              {t('account.openSettings')}
            </button>
          </div>
        </section>

        <section ref={planSection} className={managing ? 'card account-section managing' : 'card account-section'} aria-labelledby="account-plan">
          <h2 id="account-plan">{t('account.subscription')}</h2>
          {managing ? <p className="notice notice-info">{t('account.manageHere')}</p> : null}
          {subscription.kind === 'error' ? (
            <p className="form-error" role="alert">
              {t('account.loadFailed')}
            </p>
          ) : null}
          <dl className="account-list">
            <dt>{t('account.planLabel')}</dt>
            <dd data-testid="account-plan">{subscription.kind === 'loading' ? '…' : planName}</dd>
            <dt>{t('account.statusLabel')}</dt>
            <dd data-testid="account-status">
              <span className={premium ? 'role-pill premium' : 'role-pill'}>{status}</span>
            </dd>
            {endDate && premium ? (
              <>
                <dt>{ending ? t('account.endsOn') : t('account.renewsOn')}</dt>
                <dd data-testid="account-date">{endDate}</dd>
              </>
            ) : null}
          </dl>
          <p className="form-success" role="status">
            {cancelled && endDate ? t('cancel.done', { date: endDate }) : ''}
          </p>
          <div className="account-actions">
            {!premium && !user.is_admin ? (
              <Link className="button button-accent" to="/billing?plan=year">
                {t('account.upgrade')}
              </Link>
            ) : null}
            {canCancel ? (
              <button type="button" className="button button-secondary" onClick={() => setCancelOpen(true)}>
                {t('account.cancel')}
              </button>
            ) : null}
            {premium && current?.provider === 'stripe' ? (
              <button type="button" className="button button-secondary" onClick={() => void openBillingPortal()}>
                {t('account.manage')}
              </button>
            ) : null}
          </div>
        </section>

        <DataExportSection />
        <DevicesSection />
        <DeleteAccountSection email={user.email} />
      </div>

      <div className="account-signout">
        <button type="button" className="button button-secondary" onClick={() => void session.logout()}>
          {t('account.signOut')}
        </button>
      </div>

      {cancelOpen ? (
        <CancelSubscriptionDialog
          endDate={endDate}
          onClose={() => setCancelOpen(false)}
          onCancelled={(value) => {
            setSubscription({ kind: 'ready', subscription: value })
            setCancelled(true)
            setCancelOpen(false)
          }}
        />
      ) : null}
    </PageFrame>
  )
}
