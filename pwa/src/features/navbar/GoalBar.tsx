/** Today's minutes against the daily goal; hidden until a goal is known, never past 100%. */
import { useTranslation } from '../../i18n/react.ts'
import { goalPercent, useDailyProgress } from '../progress/daily-progress.ts'

export function GoalBar() {
  const { t } = useTranslation('navbar')
  const progress = useDailyProgress()
  if (!progress || !progress.daily_goal_minutes) return null
  const percent = goalPercent(progress)
  const watched = Math.floor(progress.today_watch_seconds / 60)
  const text = t('goal.text', { watched, goal: progress.daily_goal_minutes })
  return (
    <div className="goal" data-testid="goal-bar">
      <div
        className="goal-track"
        role="progressbar"
        aria-label={t('goal.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="goal-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="goal-text">{text}</span>
    </div>
  )
}
