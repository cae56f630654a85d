/**
 * "Delete my account": what it does in plain words, then a dialog that mails a code (first step) and
 * asks for the code and an explicit "I understand" before the final button (second confirmation).
 * After deletion this device forgets the session and clears everything it kept (outbox, downloads,
 * queued uploads, the local database) and goes to the start page.
 */
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { OTP_LENGTH } from '../../../../contract/limits.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { ApiError, NetworkError } from '../../data/api.ts'
import { clearLocalData } from '../../data/local-cache.ts'
import { session } from '../../data/session/session.ts'
import { accountApi } from '../../data/account/account-api.ts'

export function DeleteAccountSection({ email }: { email: string }) {
  const { t } = useTranslation('account')
  const [open, setOpen] = useState(false)
  return (
    <section className="card account-section account-danger" aria-labelledby="account-delete" data-testid="account-delete">
      <h2 id="account-delete">{t('delete.title')}</h2>
      <p className="account-text">{t('delete.body')}</p>
      <p className="field-hint">{t('delete.exportFirst')}</p>
      <div className="account-actions">
        <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
          {t('delete.start')}
        </button>
      </div>
      {open ? <DeleteAccountDialog email={email} onClose={() => setOpen(false)} /> : null}
    </section>
  )
}

type Step = 'explain' | 'sending' | 'code' | 'deleting'

function errorKey(error: unknown): string {
  if (error instanceof NetworkError) return 'offline'
  if (!(error instanceof ApiError)) return 'generic'
  const reason = (error.body as { reason?: string } | null)?.reason
  if (error.code === 'invalid_code') return reason === 'expired' || reason === 'used' ? reason : 'wrong'
  if (error.code === 'too_many_attempts') return 'tooMany'
  if (error.code === 'rate_limited') return 'rateLimited'
  if (error.code === 'billing_unavailable') return 'billing'
  if (error.code === 'mail_unavailable') return 'mail'
  if (error.status === 422) return 'codeFormat'
  return 'generic'
}

function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation('account')
  const [step, setStep] = useState<Step>('explain')
  const [code, setCode] = useState('')
  const [understood, setUnderstood] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  const busy = step === 'sending' || step === 'deleting'
  const codeReady = new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim())

  async function sendCode() {
    setStep('sending')
    setError(null)
    try {
      await accountApi.requestDeletionCode()
      setStep('code')
      setTimeout(() => codeInput.current?.focus(), 0)
    } catch (failure) {
      setError(errorKey(failure))
      setStep(code ? 'code' : 'explain')
    }
  }

  async function deleteForGood() {
    if (!codeReady || !understood) return
    setStep('deleting')
    setError(null)
    try {
      await accountApi.deleteAccount(code.trim())
    } catch (failure) {
      setError(errorKey(failure))
      setStep('code')
      return
    }
    // The account is gone: forget the session at once (no call may go out under its dead token), then
    // make sure nothing of the person stays on this device. The start page shows once signed out.
    session.accountDeleted()
    await clearLocalData().catch((failure: unknown) => console.warn('Could not clear local data', failure))
  }

  return (
    <Dialog
      title={t('delete.dialogTitle')}
      onClose={onClose}
      canClose={!busy}
      testId="delete-account-dialog"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            {t('delete.keep')}
          </button>
          {step === 'explain' || step === 'sending' ? (
            <button type="button" className="button button-danger" onClick={() => void sendCode()} disabled={busy}>
              {step === 'sending' ? t('delete.sending') : t('delete.sendCode')}
            </button>
          ) : (
            <button type="button" className="button button-danger" onClick={() => void deleteForGood()} disabled={busy || !codeReady || !understood}>
              {step === 'deleting' ? t('delete.deleting') : t('delete.confirm')}
            </button>
          )}
        </>
      }
    >
      <p className="notice notice-warning">{t('delete.warning')}</p>
      {step === 'explain' || step === 'sending' ? (
        <p>{t('delete.codeExplain', { email })}</p>
      ) : (
        <form
          className="delete-form"
          onSubmit={(event) => {
            event.preventDefault()
            void deleteForGood()
          }}
        >
          <p>{t('delete.codeSent', { email })}</p>
          <label className="field">
            <span className="field-label">{t('delete.codeLabel')}</span>
            <input
              ref={codeInput}
              className="input delete-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              disabled={busy}
              aria-invalid={error === 'wrong' || error === 'codeFormat' ? true : undefined}
            />
          </label>
          <label className="delete-understand">
            <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} disabled={busy} />
            <span>{t('delete.understand')}</span>
          </label>
          <button type="button" className="button button-secondary button-small" onClick={() => void sendCode()} disabled={busy}>
            {t('delete.resend')}
          </button>
        </form>
      )}
      <p className="form-error" role="alert">
        {error ? t(`delete.errors.${error}`) : ''}
      </p>
    </Dialog>
  )
}
