/**
 * Keeps downloads in step while the app is open: downloads cut off by a lost network or a closed app
 * continue from their first missing file at start and on `online`, and, online, downloads the learner
 * may no longer watch in full are removed with a notice, then smart downloads (when switched on) top up.
 */
import { connectivity } from '../../data/runtime/connectivity.ts'
import { useEffect, useState } from 'react'
import { downloads } from '../../data/downloads/downloads.ts'
import { readString, STORAGE_KEYS } from '../../data/storage.ts'
import { useTranslation } from 'react-i18next'
import { useSessionValue } from '../../data/session/session.ts'
import { runSmartDownloads } from '../../data/downloads/smart-downloads.ts'

export default function DownloadsKeeper() {
  const { t } = useTranslation('downloads')
  const [removed, setRemoved] = useState<string[]>([])
  const premium = useSessionValue((state) => state.user?.is_premium ?? false)

  useEffect(() => {
    const whenOnline = () => {
      void downloads.resumeInterrupted()
      void downloads
        .removeRevoked()
        .then((titles) => {
          if (titles.length) setRemoved(titles)
        })
        .then(() => runSmartDownloads(readString(STORAGE_KEYS.selectedLanguage), premium))
        .catch(() => undefined)
    }
    if (connectivity.isUp()) whenOnline()
    return connectivity.onUp(whenOnline)
  }, [premium])

  if (removed.length === 0) return null
  return (
    <div className="notice notice-warning" role="status" data-testid="downloads-revoked">
      <p>{t('revoked', { titles: removed.join(', ') })}</p>
      <button type="button" className="button button-ghost button-small" onClick={() => setRemoved([])}>
        {t('dismiss')}
      </button>
    </div>
  )
}
