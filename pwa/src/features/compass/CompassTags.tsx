/** A card's compass tags: the learners' difficulty (hidden while too few have rated) and my own rating. */
import { useTranslation } from 'react-i18next'

export function CompassTags({ difficulty, mine }: { difficulty: number | null | undefined; mine: number | null | undefined }) {
  const { t } = useTranslation('compass')
  return (
    <>
      {typeof difficulty === 'number' ? (
        <span className="tag tag-difficulty" data-testid="video-difficulty" data-score={difficulty}>
          <span aria-hidden="true">{t('list.score', { score: difficulty })}</span>
          <span className="visually-hidden">{t('list.scoreLabel', { score: difficulty })}</span>
        </span>
      ) : null}
      {typeof mine === 'number' ? (
        <span className="tag tag-mine" data-testid="video-my-rating" data-rating={mine}>
          {t('list.myRating', { label: t(`rating.options.${mine}`) })}
        </span>
      ) : null}
    </>
  )
}
