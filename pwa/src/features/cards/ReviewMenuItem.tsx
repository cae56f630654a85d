/** The user menu's Review item, with the count of saved lines due now (live: a grade lowers it). */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useDueCount } from '../../data/cards/due.ts'

export function ReviewMenuItem({ language, onClose }: { language: string; onClose: () => void }) {
  const { t } = useTranslation('navbar')
  // As of the menu's opening: the menu is open for seconds.
  const [now] = useState(() => Date.now())
  const due = useDueCount(language, now) ?? 0
  return (
    <Link role="menuitem" className="menu-item menu-item-count" to={`/languages/${language}/review`} onClick={onClose} aria-label={due > 0 ? t('menu.reviewDue', { count: due }) : undefined} data-testid="menu-review">
      {t('menu.review')}
      {due > 0 ? (
        <span className="menu-count" aria-hidden="true" data-testid="menu-review-count">
          {due}
        </span>
      ) : null}
    </Link>
  )
}
