/** "A new version is ready": reload now or later. Nothing reloads unless the person asks. */
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { applyUpdate, dismissUpdate, subscribeToUpdates, waitingWorker } from './register-sw.ts'

export function UpdatePrompt() {
  const { t } = useTranslation('common')
  const waiting = useSyncExternalStore(subscribeToUpdates, waitingWorker, () => null)
  if (!waiting) return null
  return (
    <div className="toast" role="status" data-testid="update-toast">
      <p>{t('update.ready')}</p>
      <button type="button" className="button button-small" onClick={applyUpdate}>
        {t('update.reload')}
      </button>
      <button type="button" className="button button-small button-ghost" onClick={dismissUpdate}>
        {t('update.later')}
      </button>
    </div>
  )
}
