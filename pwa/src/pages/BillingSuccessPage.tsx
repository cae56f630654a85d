/**
 * /billing/success?session=…: where checkout returns. Confirms the payment, refreshes the user, and
 * then shows what premium opens up (comments, a name change) with the way to each.
 */
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { PageFrame } from '../components/PageFrame.tsx'
import { NetworkError } from '../data/api.ts'
import { confirmCheckout } from '../features/billing/confirm-checkout.ts'
import { getSelectedLanguage } from '../features/languages/selected-language.ts'
import { openDialog } from '../features/navbar/dialogs.ts'
import { useTranslation } from 'react-i18next'
import '../features/billing/billing.css'

type State = { kind: 'confirming' } | { kind: 'paid' } | { kind: 'pending' } | { kind: 'error'; offline: boolean } | { kind: 'missing' }

export default function BillingSuccessPage() {
  const { t } = useTranslation('billing')
  const [params] = useSearchParams()
  const checkoutSession = params.get('session')
  const [state, setState] = useState<State>(checkoutSession ? { kind: 'confirming' } : { kind: 'missing' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!checkoutSession) return
    let cancelled = false
    confirmCheckout(checkoutSession)
      .then(({ paid }) => {
        if (!cancelled) setState({ kind: paid ? 'paid' : 'pending' })
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: 'error', offline: error instanceof NetworkError })
      })
    return () => {
      cancelled = true
    }
  }, [checkoutSession, attempt])

  const language = getSelectedLanguage()
  const retry = (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => {
        setState({ kind: 'confirming' })
        setAttempt((value) => value + 1)
      }}
    >
      {t('success.retry')}
    </button>
  )

  let title = t('success.confirmingTitle')
  let body: React.ReactNode = (
    <p className="muted" role="status">
      {t('success.confirming')}
    </p>
  )
  if (state.kind === 'missing') {
    title = t('success.missingTitle')
    body = (
      <section className="card billing-already">
        <p>{t('success.missing')}</p>
        <Link className="button button-secondary" to="/billing">
          {t('success.toPlans')}
        </Link>
      </section>
    )
  } else if (state.kind === 'error') {
    title = t('success.errorTitle')
    body = (
      <section className="card billing-already" role="alert">
        <p className="form-error">{state.offline ? t('errors.offline') : t('success.failed')}</p>
        {retry}
      </section>
    )
  } else if (state.kind === 'pending') {
    title = t('success.pendingTitle')
    body = (
      <section className="card billing-already">
        <p>{t('success.pending')}</p>
        {retry}
      </section>
    )
  } else if (state.kind === 'paid') {
    title = t('success.title')
    body = (
      <>
        <p className="lead" data-testid="premium-welcome">
          {t('success.intro')}
        </p>
        <ul className="next-steps">
          <li className="card next-step">
            <h2>{t('success.commentsTitle')}</h2>
            <p className="muted">{t('success.comments')}</p>
            <Link className="button" to={language ? `/languages/${language}/videos` : '/languages'}>
              {t('success.toVideos')}
            </Link>
          </li>
          <li className="card next-step">
            <h2>{t('success.nameTitle')}</h2>
            <p className="muted">{t('success.name')}</p>
            <button type="button" className="button button-secondary" onClick={() => openDialog('settings')}>
              {t('success.openSettings')}
            </button>
          </li>
          <li className="card next-step">
            <h2>{t('success.accountTitle')}</h2>
            <p className="muted">{t('success.account')}</p>
            <Link className="button button-secondary" to="/account">
              {t('success.toAccount')}
            </Link>
          </li>
        </ul>
      </>
    )
  }

  return <PageFrame title={title}>{body}</PageFrame>
}
