/** The dismissible warning for browsers older than the supported minimum. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readString, STORAGE_KEYS, writeString } from '../../data/storage.ts'
import { browserSupportsModules, checkBrowser, MINIMUM_VERSIONS } from './browser-compat.ts'

export function CompatWarning() {
  const { t } = useTranslation('common')
  const [dismissed, setDismissed] = useState(() => readString(STORAGE_KEYS.compatWarningDismissed) === '1')
  const [result] = useState(() =>
    // Prerendering runs without a navigator; the page is then rendered as for a supported browser.
    typeof navigator === 'undefined' ? null : checkBrowser(navigator.userAgent, browserSupportsModules()),
  )
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
