/**
 * "Install app" where the browser offers it; on iPhone and iPad Safari, how to add it to the Home
 * Screen. A slim banner in the flow of the page, never a fixed layer (issue 32) and never a slot of
 * the video grid (issue 41 item 11): at the end of the public pages and under the videos list, where
 * appearing late pushes nothing she is reading. Not offline (installing needs the network) nor on
 * /apply (an applicant came to apply); "Not now" holds for weeks (install-state.ts), and the user
 * menu still offers it.
 */
import { useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useOnline } from '../../data/runtime/connectivity.ts'
import { dismissInstall, promptInstall, useInstallOffer } from './install-state.ts'

export function InstallBanner() {
  const { t } = useTranslation('common')
  const offer = useInstallOffer()
  const online = useOnline()
  const { pathname } = useLocation()
  if (offer === 'none' || !online || pathname === '/apply' || pathname.startsWith('/apply/')) return null
  return (
    <aside className="install-banner" aria-label={t('install.label')} data-testid="install-banner">
      <img src="/pwa-192x192.png" width={32} height={32} alt="" />
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
