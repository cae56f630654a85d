/**
 * The list's difficulty range (1..100, from learners' ratings) as one control: a track with two
 * thumbs, From and To (two range inputs laid over one track, each with its own label, so the keyboard
 * and screen readers move each end). Shown only while some video has a score (VideosPage).
 */
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { DIFFICULTY_MAX, DIFFICULTY_MIN, FULL_RANGE, type DifficultyRange } from '../../data/compass/difficulty.ts'

export function DifficultyFilter({ value = FULL_RANGE, onChange }: { value?: DifficultyRange; onChange: (range: DifficultyRange) => void }) {
  const { t } = useTranslation('compass')
  const ids = { label: useId(), from: useId(), to: useId(), hint: useId() }
  const span = DIFFICULTY_MAX - DIFFICULTY_MIN
  const left = ((value.min - DIFFICULTY_MIN) / span) * 100
  const right = ((value.max - DIFFICULTY_MIN) / span) * 100
  return (
    <div className="difficulty-range" role="group" aria-labelledby={ids.label} aria-describedby={ids.hint}>
      <div className="difficulty-range-head">
        <span id={ids.label} className="sheet-label">
          {t('list.difficulty')}
        </span>
        <output className="difficulty-range-value" data-testid="videos-difficulty-value">
          {value.min}–{value.max}
        </output>
      </div>
      <p id={ids.hint} className="muted small difficulty-range-hint">
        {t('list.difficultyRangeHint')}
      </p>
      <div className="difficulty-range-track" style={{ '--from': `${left}%`, '--to': `${right}%` } as React.CSSProperties}>
        <label htmlFor={ids.from} className="visually-hidden">
          {t('list.difficultyFrom')}
        </label>
        <input
          id={ids.from}
          type="range"
          min={DIFFICULTY_MIN}
          max={DIFFICULTY_MAX}
          value={value.min}
          onChange={(event) => {
            const min = Number(event.target.value)
            onChange({ min, max: Math.max(min, value.max) })
          }}
          data-testid="videos-difficulty-min"
        />
        <label htmlFor={ids.to} className="visually-hidden">
          {t('list.difficultyTo')}
        </label>
        <input
          id={ids.to}
          type="range"
          min={DIFFICULTY_MIN}
          max={DIFFICULTY_MAX}
          value={value.max}
          onChange={(event) => {
            const max = Number(event.target.value)
            onChange({ min: Math.min(value.min, max), max })
          }}
          data-testid="videos-difficulty-max"
        />
      </div>
    </div>
  )
}
