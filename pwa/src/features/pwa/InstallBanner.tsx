/**
 * "Install app" where the browser offers it; on iPhone and iPad Safari, how to add it to the Home
 * Screen. In the flow of the page, never a fixed layer (issue 32): at the end of the public pages and
 * as a card after the first video of the list (`as="li"`); "Not now" is remembered, and the user menu
 * still offers it.
 */
import { useTranslation } from 'react-i18next'
import { dismissInstall, promptInstall, useInstallOffer } from './install-state.ts'

export function InstallBanner({ as: Element = 'aside' }: { as?: 'aside' | 'li' }) {
  const { t } = useTranslation('common')
  const offer = useInstallOffer()
  if (offer === 'none') return null
  return (
    <Element className="install-banner" aria-label={t('install.label')} data-testid="install-banner">
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
    </Element>
  )
}
