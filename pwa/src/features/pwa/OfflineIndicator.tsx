/** A clear, persistent notice while offline, so cached data is never mistaken for fresh data. */
import { useTranslation } from 'react-i18next'
import { useOnline } from '../../data/runtime/connectivity.ts'

export function OfflineIndicator() {
  const { t } = useTranslation('common')
  const online = useOnline()
  if (online) return null
  return (
    <div className="notice notice-offline" role="status" data-testid="offline-indicator">
      <span className="dot" aria-hidden="true" />
      {t('offline.banner')}
    </div>
  )
}
