/**
 * The user menu of spec section 2: Watch and Progress (disabled until a language is chosen), Settings,
 * Feedback, the contributor and admin dashboards for those roles, and Log out (then /login).
 */
import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { ChevronDownIcon } from '../../components/icons.tsx'
import { Menu } from '../../components/Menu.tsx'
import { useCachedLanguages } from '../../data/catalogue/languages.ts'
import { useSelectedLanguage } from '../languages/selected-language.ts'
import { session, useSessionValue } from '../../data/session/session.ts'
import { openDialog } from './dialogs.ts'
import { promptInstall, useInstallOffer } from '../pwa/install-state.ts'
import { ReviewMenuItem } from '../cards/ReviewMenuItem.tsx'

export function UserMenu() {
  const { t } = useTranslation('navbar')
  const user = useSessionValue((state) => state.user)
  const languages = useCachedLanguages()
  const language = useSelectedLanguage(languages)
  // Offered here even after "Not now" on the banner: the menu is where she asks for it herself.
  const install = useInstallOffer({ evenIfDismissed: true })
  if (!user) return null
  const name = user.display_name || user.email
  const initial = (user.display_name || user.email).trim().charAt(0).toUpperCase()

  const languageItem = (label: string, page: 'videos' | 'progress', close: () => void) =>
    language ? (
      <Link role="menuitem" className="menu-item" to={`/languages/${language}/${page}`} onClick={close}>
        {label}
      </Link>
    ) : (
      <span role="menuitem" aria-disabled="true" className="menu-item" title={t('menu.chooseLanguageFirst')}>
        {label}
      </span>
    )

  return (
    <Menu
      label={t('menu.label')}
      buttonClassName="button button-ghost user-button"
      testId="user-menu"
      button={
        <>
          <span className="avatar" aria-hidden="true">
            {initial}
          </span>
          <span className="user-name">{name}</span>
          <ChevronDownIcon />
        </>
      }
    >
      {(close) => (
        <>
          {languageItem(t('menu.watch'), 'videos', close)}
          {languageItem(t('menu.progress'), 'progress', close)}
          {language ? <ReviewMenuItem language={language} onClose={close} /> : null}
          <Link role="menuitem" className="menu-item" to="/downloads" onClick={close}>
            {t('menu.downloads')}
          </Link>
          <Link role="menuitem" className="menu-item" to="/account" onClick={close} data-testid="menu-account">
            {t('menu.account')}
          </Link>
          <hr role="separator" />
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close()
              openDialog('settings')
            }}
          >
            {t('menu.settings')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close()
              openDialog('feedback')
            }}
          >
            {t('menu.feedback')}
          </button>
          {user.is_admin || user.is_contributor ? (
            <Link role="menuitem" className="menu-item" to="/contributor-dashboard" onClick={close}>
              {t('menu.contributorDashboard')}
            </Link>
          ) : null}
          {user.is_admin ? (
            <Link role="menuitem" className="menu-item" to="/admin-dashboard" onClick={close}>
              {t('menu.adminDashboard')}
            </Link>
          ) : null}
          {install !== 'none' ? (
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              data-testid="menu-install"
              onClick={() => {
                close()
                if (install === 'prompt') void promptInstall()
                else openDialog('install')
              }}
            >
              {t('menu.install')}
            </button>
          ) : null}
          <hr role="separator" />
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close()
              // The app then goes to /login from whatever page this is (RootLayout, on the session's `ended`).
              void session.logout()
            }}
          >
            {t('menu.logout')}
          </button>
        </>
      )}
    </Menu>
  )
}
