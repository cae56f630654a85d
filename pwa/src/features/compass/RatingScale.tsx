/**
 * "How much did you understand?" as five radio buttons, 1 (almost nothing) to 5 (almost everything):
 * native radios, so arrows, Tab and screen readers work as they do everywhere. Choosing one rates.
 */
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { UNDERSTOOD_VALUES, type Understood } from '../../data/compass/rating-types.ts'

export function RatingScale({ legend, value, onRate, testId }: { legend: string; value: number | null; onRate: (value: Understood) => void; testId?: string }) {
  const { t } = useTranslation('compass')
  const name = useId()
  return (
    <fieldset className="rating-scale" data-testid={testId}>
      <legend className="rating-legend">{legend}</legend>
      <div className="rating-options">
        {UNDERSTOOD_VALUES.map((option) => (
          <label key={option} className={option === value ? 'rating-option rating-option-chosen' : 'rating-option'}>
            <input type="radio" name={name} value={option} checked={option === value} onChange={() => onRate(option)} data-testid={`rating-${option}`} />
            <span className="rating-number" aria-hidden="true">
              {option}
            </span>
            <span className="rating-text">{t(`rating.options.${option}`)}</span>
          </label>
        ))}
      </div>
      {/* On a phone the options show their numbers only; the two ends say what the scale means. */}
      <div className="rating-ends" aria-hidden="true">
        <span>{t('rating.options.1')}</span>
        <span>{t('rating.options.5')}</span>
      </div>
    </fieldset>
  )
}
