/** The navigation bar of spec section 2: brand, language, today's goal, feedback, premium, user menu. */
import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { BrandMark } from '../../components/brand-mark.tsx'
import { ChatIcon, StarIcon } from '../../components/icons.tsx'
import { useSessionValue } from '../../data/session/session.ts'
import { openBillingPortal } from '../../data/account/billing-portal.ts'
import { openDialog } from './dialogs.ts'
import { GoalBar } from './GoalBar.tsx'
import { LanguagePicker } from './LanguagePicker.tsx'
import { UserMenu } from './UserMenu.tsx'
import { SyncIndicator } from '../sync/SyncIndicator.tsx'
import './Navbar.css'

export function Navbar() {
  const { t } = useTranslation('navbar')
  const user = useSessionValue((state) => state.user)
  const premium = Boolean(user?.is_premium || user?.premium)
  // Admins watch as premium members do: no Upgrade for them either.
  const admin = Boolean(user?.is_admin)
  return (
    <header className="navbar" data-testid="navbar">
      <nav className="navbar-inner" aria-label={t('label')}>
        <Link to="/" className="brand" aria-label={t('home')}>
          <BrandMark />
          <span className="brand-name">Dễ Hiểu</span>
        </Link>
        <LanguagePicker />
        <GoalBar />
        <div className="navbar-actions">
          <SyncIndicator />
          <button
            type="button"
            className="button button-ghost button-icon"
            onClick={() => openDialog('feedback')}
            data-testid="navbar-feedback"
          >
            <ChatIcon />
            <span className="label-wide">{t('feedback')}</span>
            <span className="visually-hidden label-narrow">{t('feedback')}</span>
          </button>
          {premium ? (
            <button type="button" className="button button-secondary button-small" onClick={() => void openBillingPortal()}>
              {t('manage')}
            </button>
          ) : admin ? null : (
            <Link className="button button-accent button-small" to="/billing?plan=year" data-testid="navbar-upgrade">
              <StarIcon />
              {t('upgrade')}
            </Link>
          )}
          <UserMenu />
        </div>
      </nav>
    </header>
  )
}
