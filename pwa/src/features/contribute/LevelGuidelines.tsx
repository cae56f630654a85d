/** The level guidelines as a list: used inside the upload page's popup and on the guidance page. */
import { useTranslation } from 'react-i18next'
import { LEVEL_GUIDELINES } from './levels.ts'

export function LevelGuidelinesList() {
  const { t } = useTranslation('contribute')
  return (
    <dl className="level-guidelines">
      {LEVEL_GUIDELINES.map((guideline) => (
        <div key={guideline.level} className="level-guideline">
          <dt>{t(`levels.${guideline.level}`)}</dt>
          <dd>
            {guideline.maxMinutes === null
              ? t('guidelines.minutesOpen', { min: guideline.minMinutes })
              : t('guidelines.minutesRange', { min: guideline.minMinutes, max: guideline.maxMinutes })}
            {guideline.words ? ` · ${t('guidelines.words', { min: guideline.words.min, max: guideline.words.max })}` : null}
          </dd>
          <dd className="muted">{t(`guidelines.advice.${guideline.level}`)}</dd>
        </div>
      ))}
    </dl>
  )
}
