/** "Install app" where the browser offers it; on iPhone and iPad Safari, how to add it to the Home Screen. */
import { useTranslation } from 'react-i18next'
import { dismissInstall, promptInstall, useInstallOffer } from './install-state.ts'

export function InstallBanner() {
  const { t } = useTranslation('common')
  const offer = useInstallOffer()
  if (offer === 'none') return null
  return (
    <aside className="install-banner" aria-label={t('install.label')} data-testid="install-banner">
      <img src="/pwa-192x192.png" width={40} height={40} alt="" />
      <p>{offer === 'prompt' ? t('install.prompt') : t('install.iosHowTo')}</p>
      <div className="install-actions">
        {offer === 'prompt' ? (
          <button type="button" className="button button-small" onClick={() => void promptInstall()}>
            {t('install.action')}
          </button>
        ) : null}
        <button type="button" className="button button-small button-ghost" onClick={dismissInstall}>
          {t('install.notNow')}
        </button>
      </div>
    </aside>
  )
}
