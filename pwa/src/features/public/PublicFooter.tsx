/** The public pages' footer, with the photo credit the landing page owes. */
import { Link } from 'react-router-dom'
import type { TFunction } from 'i18next'

export function PublicFooter({ t }: { t: TFunction }) {
  return (
    <footer className="public-footer">
      <p className="photo-credit">{t('landing:footer.photoCredit')}</p>
      <nav aria-label={t('landing:footer.label')}>
        <Link to="/comprehensible-input">{t('landing:nav.howItWorks')}</Link>
        <Link to="/apply">{t('landing:contribute.link')}</Link>
        <Link to="/login">{t('landing:nav.signIn')}</Link>
      </nav>
      <p className="muted">{t('landing:footer.tagline')}</p>
    </footer>
  )
}
