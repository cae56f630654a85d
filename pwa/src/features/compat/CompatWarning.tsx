/** The dismissible warning for browsers older than the supported minimum. */
import { useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { readString, STORAGE_KEYS, writeString } from '../../data/storage.ts'
import { browserSupportsModules, checkBrowser, MINIMUM_VERSIONS } from './browser-compat.ts'

let checked: ReturnType<typeof checkBrowser> | undefined
const clientCheck = () => (checked ??= checkBrowser(navigator.userAgent, browserSupportsModules()))
const noChanges = () => () => {}

export function CompatWarning() {
  const { t } = useTranslation('common')
  const [dismissed, setDismissed] = useState(() => readString(STORAGE_KEYS.compatWarningDismissed) === '1')
  // Checked after the first render, so a prerendered page (rendered as for a supported browser)
  // hydrates as it was rendered and the warning then appears (on / too: entry.ts starts the app at once
  // in an old browser).
  const result = useSyncExternalStore(noChanges, clientCheck, () => null)
  if (dismissed || !result || result.supported) return null
  return (
    <div className="notice notice-warning" role="alert" data-testid="compat-warning">
      <p>{t('compat.message', MINIMUM_VERSIONS)}</p>
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() => {
          writeString(STORAGE_KEYS.compatWarningDismissed, '1')
          setDismissed(true)
        }}
      >
        {t('dismiss')}
      </button>
    </div>
  )
}
