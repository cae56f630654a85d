/**
 * The progress page's compass: the year heatmap, time to the next roadmap level at the last 30 days'
 * pace, and progress per series and per level (from the server; per level from the cached catalogue
 * for a progress copy cached before the server sent it).
 */
import { useTranslation } from 'react-i18next'
import type { Progress } from '../../../../contract/schemas/catalogue.ts'
import { useCachedLevels } from '../../data/progress/progress-store.ts'
import { nextLevel } from './next-level.ts'
import { daysToNextLevel, formatDays, formatListening } from './time-spans.ts'
import { YearHeatmap } from './YearHeatmap.tsx'
import '../compass/compass.css'

/** A progress copy cached before the server sent the compass fields lacks them. */
export type CompassProgress = Omit<Progress, 'next_level' | 'series' | 'levels'> & Partial<Pick<Progress, 'next_level' | 'series' | 'levels'>>

const FINISHED_PERCENT = 90

export function YearSection({ progress }: { progress: CompassProgress }) {
  const { t } = useTranslation('compass')
  return (
    <section className="card progress-section" aria-labelledby="year-title">
      <h2 id="year-title" className="section-title">
        {t('progress.yearTitle')}
      </h2>
      <YearHeatmap days={progress.days} />
    </section>
  )
}

export function NextLevelLine({ progress }: { progress: CompassProgress }) {
  const { t } = useTranslation(['compass', 'watch'])
  const next = nextLevel(progress.next_level, progress.total_input_seconds ?? progress.total_watch_seconds, progress.days)
  // Her own pace once she has a week of days, else her daily goal (a few minutes today are no pace).
  const when = next === null ? null : daysToNextLevel(next.hours_needed, progress.days, progress.daily_goal_minutes)
  const amount = next === null ? '' : formatListening(t, next.hours_needed * 3600)
  return (
    <p className="next-level" data-testid="next-level" data-basis={when?.basis}>
      <strong>{t('progress.nextLevelTitle')}: </strong>
      {next === null
        ? t('progress.nextLevelTop')
        : when === null
          ? t('progress.nextLevelNoPace', { amount, level: next.level })
          : when.basis === 'pace'
            ? t('progress.nextLevelAtPace', { amount, level: next.level, when: formatDays(t, when.days) })
            : t('progress.nextLevelAtGoal', { amount, level: next.level, when: formatDays(t, when.days), goal: progress.daily_goal_minutes })}
    </p>
  )
}

function Bar({ label, finished, total, text }: { label: string; finished: number; total: number; text: string }) {
  const percent = total > 0 ? Math.round((finished / total) * 100) : 0
  return (
    <li className="compass-bar-item">
      <span className="compass-bar-name">{label}</span>
      <span className="in-progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={finished} aria-valuetext={text} aria-label={label}>
        <span className="in-progress-fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="compass-bar-count">{text}</span>
    </li>
  )
}

export function SeriesAndLevels({ code, progress }: { code: string; progress: CompassProgress }) {
  const { t } = useTranslation(['compass', 'watch'])
  const cachedLevels = useCachedLevels(code, Boolean(progress.levels), FINISHED_PERCENT)
  const levels = (progress.levels ?? cachedLevels ?? []).filter((row) => row.total > 0)
  const series = progress.series ?? []
  return (
    <div className="compass-columns">
      <section className="card progress-section" aria-labelledby="series-title">
        <h2 id="series-title" className="section-title">
          {t('progress.seriesTitle')}
        </h2>
        {series.length === 0 ? (
          <p className="muted">{t('progress.noSeries')}</p>
        ) : (
          <ul className="compass-bars" data-testid="series-progress">
            {series.map((row) => (
              <Bar key={row.id} label={row.name} finished={row.finished} total={row.total} text={t('progress.seriesProgress', { finished: row.finished, total: row.total })} />
            ))}
          </ul>
        )}
      </section>
      {levels.length > 0 ? (
        <section className="card progress-section" aria-labelledby="levels-title">
          <h2 id="levels-title" className="section-title">
            {t('progress.levelsTitle')}
          </h2>
          <ul className="compass-bars" data-testid="level-progress">
            {levels.map((row) => (
              <Bar key={row.level} label={t(`levels.${row.level}`, { ns: 'watch' })} finished={row.finished} total={row.total} text={t('progress.levelProgress', { finished: row.finished, total: row.total })} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
