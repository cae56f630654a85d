/** Today's minutes against the daily goal; hidden until a goal is known, never past 100%. */
import { useTranslation } from 'react-i18next'
import { goalPercent, useDailyProgress } from '../../data/progress/daily-progress.ts'
import { useLastDailyProgress, useTodayWatchSeconds } from '../../data/progress/today-seconds.ts'
import { inputMinutes } from '../../data/progress/input-minutes.ts'

const NO_PROGRESS = { today_watch_seconds: 0 }

export function GoalBar() {
  const { t } = useTranslation('navbar')
  const server = useLastDailyProgress(useDailyProgress())
  // The server's figure plus today's unsent watch events, so the bar moves offline too.
  const today = useTodayWatchSeconds(server ?? NO_PROGRESS)
  if (!server || !server.daily_goal_minutes) return null
  const progress = { ...server, today_watch_seconds: today }
  const percent = goalPercent(progress)
  const watched = inputMinutes(progress.today_watch_seconds)
  const text = t('goal.text', { watched, goal: progress.daily_goal_minutes })
  return (
    <div className="goal" data-testid="goal-bar" data-seconds={Math.floor(today)}>
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
