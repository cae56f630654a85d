/**
 * The question, asked once: a small panel under the player when a video watched at least half ends,
 * or on the list after leaving one (never a modal: it takes no focus and the page stays usable).
 * Skippable; an answer stays changeable on the video page.
 */
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useOnline } from '../../data/runtime/connectivity.ts'
import { markRatingAsked, rateVideo } from '../../data/compass/ratings.ts'
import type { Understood } from '../../data/compass/rating-types.ts'
import { RatingScale } from './RatingScale.tsx'

export function RatingPrompt({ videoId, title, current, withTitle = false, onClose }: { videoId: number; title: string; current: number | null; withTitle?: boolean; onClose: () => void }) {
  const { t } = useTranslation('compass')
  const online = useOnline()
  const headingId = useId()
  // The choice shows at once (a radio must stay checked when clicked); `saved` once it is on the device.
  const [chosen, setChosen] = useState<Understood | null>(null)
  const [saved, setSaved] = useState<Understood | null>(null)
  const [failed, setFailed] = useState(false)

  // Shown is asked: it does not come back, whatever the learner does with it.
  useEffect(() => {
    void markRatingAsked(videoId, title).catch(() => undefined)
  }, [videoId, title])

  const rate = (value: Understood) => {
    setFailed(false)
    setChosen(value)
    rateVideo(videoId, value)
      .then(() => setSaved(value))
      .catch(() => setFailed(true))
  }
  const label = (value: number) => t(`rating.options.${value}`)
  return (
    <section className="rating-prompt" aria-labelledby={headingId} data-testid="rating-prompt">
      <h2 id={headingId} className="rating-prompt-title">
        {withTitle ? t('rating.questionAbout', { title }) : t('rating.question')}
      </h2>
      <p className="muted small rating-hint">{t('rating.hint')}</p>
      <RatingScale legend={t('rating.question')} value={chosen ?? current} onRate={rate} />
      <p role="status" className="rating-status" data-testid="rating-status">
        {saved ? t(!online ? 'rating.thanksOffline' : withTitle ? 'rating.thanks' : 'rating.thanksHere', { label: label(saved) }) : null}
      </p>
      {failed ? (
        <p className="form-error" role="alert">
          {t('rating.failed')}
        </p>
      ) : null}
      <div className="rating-actions">
        <button type="button" className="button button-ghost button-small" onClick={onClose} data-testid="rating-skip">
          {saved ? t('rating.close') : t('rating.skip')}
        </button>
      </div>
    </section>
  )
}
