/** The list's difficulty range (1..100, from learners' ratings): two selects, From and To. */
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { DIFFICULTY_MAX, DIFFICULTY_MIN, FULL_RANGE, type DifficultyRange } from '../../data/compass/difficulty.ts'

const FROM = [DIFFICULTY_MIN, 10, 20, 30, 40, 50, 60, 70, 80, 90]
const TO = [10, 20, 30, 40, 50, 60, 70, 80, 90, DIFFICULTY_MAX]

export function DifficultyFilter({ value = FULL_RANGE, onChange }: { value?: DifficultyRange; onChange: (range: DifficultyRange) => void }) {
  const { t } = useTranslation('compass')
  const ids = { label: useId(), from: useId(), to: useId(), hint: useId() }
  // A group rather than a fieldset, so its label lines up with the toolbar's other labels.
  return (
    <div className="toolbar-range" role="group" aria-labelledby={ids.label} aria-describedby={ids.hint}>
      <span id={ids.label} className="toolbar-range-label">
        {t('list.difficulty')}
      </span>
      <span id={ids.hint} className="visually-hidden">
        {t('list.difficultyRangeHint')}
      </span>
      <label htmlFor={ids.from} className="visually-hidden">
        {t('list.difficultyFrom')}
      </label>
      <select
        id={ids.from}
        className="input"
        value={value.min}
        onChange={(event) => {
          const min = Number(event.target.value)
          onChange({ min, max: Math.max(min, value.max) })
        }}
        data-testid="videos-difficulty-min"
      >
        {FROM.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <span aria-hidden="true">–</span>
      <label htmlFor={ids.to} className="visually-hidden">
        {t('list.difficultyTo')}
      </label>
      <select
        id={ids.to}
        className="input"
        value={value.max}
        onChange={(event) => {
          const max = Number(event.target.value)
          onChange({ min: Math.min(value.min, max), max })
        }}
        data-testid="videos-difficulty-max"
      >
        {TO.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  )
}
