/** What a learner sees on a contributor-only page: why, and the way to become a contributor. */
import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'

export function NotAllowed() {
  const { t } = useTranslation('contribute')
  return (
    <section className="card contribute-not-allowed" data-testid="not-allowed">
      <p>{t('notAllowed.body')}</p>
      <div className="contribute-actions">
        <Link className="button" to="/apply">
          {t('notAllowed.apply')}
        </Link>
        <Link className="button button-secondary" to="/languages">
          {t('notAllowed.back')}
        </Link>
      </div>
    </section>
  )
}

export function canContribute(user: { is_contributor: boolean; is_admin: boolean } | null): boolean {
  return Boolean(user && (user.is_contributor || user.is_admin))
}
