/** My rating on the video page, changeable: shown once rated, or offered once half the video is watched. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { rateVideo } from '../../data/compass/ratings.ts'
import { RatingScale } from './RatingScale.tsx'

export function VideoRating({ videoId, mine, canRate }: { videoId: number; mine: number | null; canRate: boolean }) {
  const { t } = useTranslation('compass')
  const [open, setOpen] = useState(false)
  const [failed, setFailed] = useState(false)
  // The choice shows at once, before the outbox write reaches `mine`.
  const [chosen, setChosen] = useState<number | null>(null)
  if (mine === null && !canRate) return null
  return (
    <div className="video-rating" data-testid="my-rating">
      {open ? (
        <>
          {/* Stays open after a choice (arrow keys choose as they move): Close when done. */}
          <RatingScale
            legend={t('rating.question')}
            value={chosen ?? mine}
            onRate={(value) => {
              setFailed(false)
              setChosen(value)
              rateVideo(videoId, value).catch(() => setFailed(true))
            }}
          />
          <button type="button" className="button button-ghost button-small" onClick={() => setOpen(false)}>
            {t('rating.close')}
          </button>
        </>
      ) : (
        <p className="video-rating-line">
          {mine !== null ? <span data-testid="my-rating-value">{t('rating.mine', { label: t(`rating.options.${mine}`) })}</span> : null}
          <button type="button" className="link-button" onClick={() => setOpen(true)} data-testid="my-rating-change">
            {mine !== null ? t('rating.change') : t('rating.rate')}
          </button>
        </p>
      )}
      {failed ? (
        <p className="form-error" role="alert">
          {t('rating.failed')}
        </p>
      ) : null}
    </div>
  )
}
