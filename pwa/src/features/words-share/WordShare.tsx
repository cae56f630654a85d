/** "You know 87% of the words · 12 new" on a card and the video page (issue 42 item 5). */
import { useTranslation } from 'react-i18next'
import type { ShareView } from './use-list-shares.ts'
import './words-share.css'

export function WordShare({ percent, newCount, className }: ShareView & { className?: string }) {
  const { t } = useTranslation('words-progress')
  const all = percent === 100
  return (
    <span className={className ? `word-share ${className}` : 'word-share'} data-testid="word-share" data-percent={percent}>
      <span className="word-share-meter" aria-hidden="true">
        <span className="word-share-fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="visually-hidden">{t('share.label', { percent, count: newCount })}</span>
      <span aria-hidden="true">
        {all ? t('share.allKnown') : t('share.known', { percent })}
        {newCount > 0 ? <span className="word-share-new"> · {t('share.new', { count: newCount })}</span> : null}
      </span>
    </span>
  )
}
