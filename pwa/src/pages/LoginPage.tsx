/**
 * Sign-in by e-mail code (spec section 2): the address first, then the mailed code (`otp`). Each
 * failure says what happened and what to do: wrong, expired or used code, too many tries, the send
 * limit with the time to wait, and no connection.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { OTP_LENGTH, OTP_TTL_MINUTES } from '../../../contract/limits.ts'
import { BrandMark } from '../components/brand-mark.tsx'
import { usePageTitle } from '../components/PageFrame.tsx'
import { loginErrorKey, type LoginError } from '../features/session/login-errors.ts'
import { session } from '../data/session/session.ts'
import './LoginPage.css'

type Step = 'email' | 'code'

export default function LoginPage() {
  const { t } = useTranslation('auth')
  usePageTitle(t('title'))
  // Read once: showing this page ends the redirect to it, and the notice should stay while it shows.
  const [expired] = useState(() => session.getState().ended === 'expired')
  // Before the page paints, not after: a link followed the moment /login shows must already be judged
  // by the signed-out rules (a passive effect can run after that on a busy phone).
  useLayoutEffect(() => session.loginShown(), [])
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [otp, setOtp] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<LoginError | null>(null)
  const [resent, setResent] = useState(false)
  const codeRef = useRef<HTMLInputElement>(null)
  const errorId = useId()

  async function requestCode(event?: React.FormEvent) {
    event?.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await session.requestCode(email.trim())
      setResent(step === 'code')
      setStep('code')
      setOtp('')
      requestAnimationFrame(() => codeRef.current?.focus())
    } catch (caught) {
      setError(loginErrorKey(caught))
    } finally {
      setBusy(false)
    }
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      // On success the session turns signed-in and the /login guard moves on (to /register for a new account).
      await session.verify(email.trim(), otp.trim())
    } catch (caught) {
      setError(loginErrorKey(caught))
      setBusy(false)
    }
  }

  const errorMessage = error ? t(`errors.${error.key}`, { digits: OTP_LENGTH, ...error.values }) : null

  return (
    <main id="main" className="login-page" tabIndex={-1} data-testid="login-page">
      <div className="login-card card">
        <Link to="/" className="brand login-brand">
          <BrandMark size={36} />
          <span className="brand-name">Dễ Hiểu</span>
        </Link>
        <h1>{t('title')}</h1>
        {expired ? (
          <p className="notice notice-info" role="status">
            {t('sessionEnded')}
          </p>
        ) : null}

        {step === 'email' ? (
          <form onSubmit={requestCode} className="login-form">
            <p className="muted">{t('emailIntro', { digits: OTP_LENGTH })}</p>
            <label className="field-label" htmlFor="login-email">
              {t('emailLabel')}
            </label>
            <input
              id="login-email"
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
            />
            <button type="submit" className="button button-block" disabled={busy}>
              {busy ? t('sending') : t('sendCode')}
            </button>
          </form>
        ) : (
          <form onSubmit={verify} className="login-form">
            <p className="muted" data-testid="code-sent">
              {resent ? t('codeResent', { email }) : t('codeSent', { email, minutes: OTP_TTL_MINUTES })}
            </p>
            <label className="field-label" htmlFor="login-otp">
              {t('codeLabel')}
            </label>
            <input
              ref={codeRef}
              id="login-otp"
              className="input input-code"
              type="text"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`\\d{${OTP_LENGTH}}`}
              maxLength={OTP_LENGTH}
              required
              value={otp}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
            />
            <button type="submit" className="button button-block" disabled={busy || otp.length !== OTP_LENGTH}>
              {busy ? t('verifying') : t('signIn')}
            </button>
            <div className="login-links">
              <button type="button" className="link-button" onClick={() => void requestCode()} disabled={busy}>
                {t('resend')}
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setStep('email')
                  setError(null)
                }}
              >
                {t('changeEmail')}
              </button>
            </div>
          </form>
        )}
        <div id={errorId} role="alert" className="login-error" data-testid="login-error">
          {errorMessage ? <p className="form-error">{errorMessage}</p> : null}
        </div>
      </div>
    </main>
  )
}
