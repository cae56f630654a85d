/** Asks before cancelling (local provider): premium stays until the end of the paid period. */
import { useState } from 'react'
import type { Subscription } from '../../../../contract/schemas/billing.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { NetworkError } from '../../data/api.ts'
import { useTranslation } from 'react-i18next'
import { billingApi } from '../../data/account/billing-api.ts'

export function CancelSubscriptionDialog({
  endDate,
  onClose,
  onCancelled,
}: {
  endDate: string | null
  onClose: () => void
  onCancelled: (subscription: Subscription | null) => void
}) {
  const { t } = useTranslation('billing')
  const [state, setState] = useState<'idle' | 'cancelling' | 'error' | 'offline'>('idle')
  const cancelling = state === 'cancelling'

  async function confirm() {
    setState('cancelling')
    try {
      onCancelled(await billingApi.cancel())
    } catch (error) {
      setState(error instanceof NetworkError ? 'offline' : 'error')
    }
  }

  return (
    <Dialog
      title={t('cancel.title')}
      onClose={onClose}
      canClose={!cancelling}
      testId="cancel-dialog"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={cancelling}>
            {t('cancel.keep')}
          </button>
          <button type="button" className="button button-danger" onClick={() => void confirm()} disabled={cancelling}>
            {cancelling ? t('cancel.cancelling') : t('cancel.confirm')}
          </button>
        </>
      }
    >
      <p>{endDate ? t('cancel.body', { date: endDate }) : t('cancel.bodyNoDate')}</p>
      <p className="form-error" role="status">
        {state === 'error' ? t('errors.generic') : state === 'offline' ? t('errors.offline') : ''}
      </p>
    </Dialog>
  )
}
