/**
 * Progress in one language: total hours, current and longest streak, the last video watched, the
 * videos in progress, and 30 days of minutes against the goal. Cached, so it shows offline.
 */
import { Link, useParams } from 'react-router-dom'
import { PageFrame } from '../components/PageFrame.tsx'
import { NextLevelLine, SeriesAndLevels, YearSection } from '../features/progress/ProgressCompass.tsx'
import { DailyChart } from '../features/progress/DailyChart.tsx'
import { useLanguageProgress } from '../data/progress/progress-store.ts'
import { OutsideHoursForm } from '../features/progress/OutsideHoursForm.tsx'
import { Roadmap } from '../features/progress/Roadmap.tsx'
import { formatListening } from '../features/progress/time-spans.ts'
import { ReviewsByDay } from '../features/cards/ReviewsByDay.tsx'
import { WordsProgress } from '../features/words-share/WordsProgress.tsx'
import { useTranslation } from 'react-i18next'
import type { Progress } from '../../../contract/schemas/catalogue.ts'
import '../styles/watching.css'

export default function ProgressPage() {
  const { t } = useTranslation('watch')
  const { code = '' } = useParams()
  const state = useLanguageProgress(code)

  if (state.kind !== 'ready') {
    return (
      <PageFrame title={t('progress.title')}>
        {state.kind === 'failed' ? (
          <p className="form-error" role="alert" data-testid="progress-failed">
            {t('progress.failed')}
          </p>
        ) : (
          <p className="muted" role="status">
            {t('progress.loading')}
          </p>
        )}
      </PageFrame>
    )
  }
  const progress = state.progress
  const videoLink = (id: number) => `/languages/${code}/videos/${id}`
  return (
    <PageFrame title={t('progress.title')} wide>
      <dl className="stat-grid" data-testid="progress-stats">
        <div className="stat card">
          <dt>{t('progress.total')}</dt>
          <dd data-testid="progress-hours">{formatListening(t, progress.total_watch_seconds)}</dd>
        </div>
        <div className="stat card">
          <dt>{t('progress.inputHours')}</dt>
          <dd data-testid="progress-input-hours">{formatListening(t, progress.total_input_seconds ?? progress.total_watch_seconds)}</dd>
        </div>
        <div className="stat card">
          <dt>{t('progress.currentStreak')}</dt>
          <dd data-testid="progress-streak">{t('progress.days', { count: progress.current_streak_days })}</dd>
        </div>
        <div className="stat card">
          <dt>{t('progress.longestStreak')}</dt>
          <dd>{t('progress.days', { count: progress.longest_streak_days })}</dd>
        </div>
        <div className="stat card">
          <dt>{t('progress.lastViewed')}</dt>
          <dd className="stat-text">{progress.last_viewed ? <Link to={videoLink(progress.last_viewed.id)}>{progress.last_viewed.title}</Link> : t('progress.none')}</dd>
        </div>
      </dl>

      <YearSection progress={progress} />

      <section className="card progress-section" aria-labelledby="chart-title">
        <h2 id="chart-title" className="section-title">
          {t('progress.chartTitle', { goal: progress.daily_goal_minutes })}
        </h2>
        <DailyChart days={progress.days.slice(-30)} />
        <TimeSpent days={progress.days.slice(-30)} />
        <ReviewsByDay days={progress.days.slice(-30).map((day) => day.date)} server={progress.reviews_by_day} />
      </section>

      <section className="card progress-section" aria-labelledby="roadmap-title">
        <h2 id="roadmap-title" className="section-title">
          {t('roadmap.title')}
        </h2>
        <Roadmap totalSeconds={progress.total_input_seconds ?? progress.total_watch_seconds} />
        <NextLevelLine progress={progress} />
      </section>

      <SeriesAndLevels code={code} progress={progress} />

      <WordsProgress code={code} />

      <section className="card progress-section" aria-labelledby="outside-title">
        <h2 id="outside-title" className="section-title">
          {t('outside.title')}
        </h2>
        <p className="muted">{t('outside.explain')}</p>
        <OutsideHoursForm />
      </section>

      <section className="card progress-section" aria-labelledby="in-progress-title">
        <h2 id="in-progress-title" className="section-title">
          {t('progress.inProgress')}
        </h2>
        {progress.in_progress.length === 0 ? (
          <p className="muted">{t('progress.nothingInProgress')}</p>
        ) : (
          <ul className="in-progress-list" data-testid="in-progress">
            {progress.in_progress.map((item) => (
              <li key={item.video.id} className="in-progress-item">
                <Link to={videoLink(item.video.id)}>{item.video.title}</Link>
                <span className="in-progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.percent)} aria-label={item.video.title}>
                  <span className="in-progress-fill" style={{ width: `${Math.min(100, item.percent)}%` }} />
                </span>
                <span className="in-progress-percent">{t('list.percent', { percent: Math.round(item.percent) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  )
}

/**
 * How the chart's days were spent: watching, or listening to the audio alone (commute mode). Both count
 * toward the goal the same; this says which. A progress cached before the server told them apart has
 * no listen_seconds: all of it was watched.
 */
function TimeSpent({ days }: { days: Progress['days'] }) {
  const { t } = useTranslation('watch')
  const total = days.reduce((sum, day) => sum + day.watch_seconds, 0)
  const listened = days.reduce((sum, day) => sum + (day.listen_seconds ?? 0), 0)
  if (total <= 0) return null
  const listenedMinutes = Math.round(listened / 60)
  return (
    <p className="muted time-spent" data-testid="progress-time-spent">
      {t('progress.spent', {
        watched: t('progress.watchedMinutes', { count: Math.round(total / 60) - listenedMinutes }),
        listened: t('progress.listenedMinutes', { count: listenedMinutes }),
      })}
    </p>
  )
}
