/**
 * The last 30 days as bars of minutes watched, with each day's own goal as a tick: plain SVG, no
 * chart library. The numbers are also in a visually hidden table for screen readers.
 */
import type { Progress } from '../../../../contract/schemas/catalogue.ts'
import { useTranslation } from 'react-i18next'
import { inputMinutes } from '../../data/progress/input-minutes.ts'

const WIDTH = 600
const HEIGHT = 160
const GAP = 4

export function DailyChart({ days }: { days: Progress['days'] }) {
  const { t, i18n } = useTranslation('watch')
  const minutes = days.map((day) => day.watch_seconds / 60)
  const top = Math.max(1, ...minutes, ...days.map((day) => day.goal_minutes))
  const barWidth = days.length ? WIDTH / days.length - GAP : 0
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const label = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`))
  return (
    <figure className="daily-chart" data-testid="daily-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={t('progress.chartLabel')}>
        {days.map((day, index) => {
          const x = index * (barWidth + GAP)
          const value = minutes[index]!
          return (
            <g key={day.date}>
              <rect className={day.goal_met ? 'bar bar-met' : 'bar'} x={x} y={y(value)} width={barWidth} height={HEIGHT - y(value)}>
                <title>{t('progress.dayTitle', { date: label(day.date), minutes: inputMinutes(value * 60), goal: day.goal_minutes })}</title>
              </rect>
              {day.goal_minutes > 0 ? <line className="goal-line" x1={x} x2={x + barWidth} y1={y(day.goal_minutes)} y2={y(day.goal_minutes)} /> : null}
            </g>
          )
        })}
      </svg>
      <figcaption className="chart-legend">
        <span>{days.length ? label(days[0]!.date) : ''}</span>
        <span className="legend-items">
          <span className="legend-swatch legend-met" aria-hidden="true" /> {t('progress.legendMet')}
          <span className="legend-swatch legend-goal" aria-hidden="true" /> {t('progress.legendGoal')}
        </span>
        <span>{days.length ? label(days[days.length - 1]!.date) : ''}</span>
      </figcaption>
      <div className="visually-hidden">
      <table>
        <caption>{t('progress.chartLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('progress.day')}</th>
            <th scope="col">{t('progress.minutes')}</th>
            <th scope="col">{t('progress.goal')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, index) => (
            <tr key={day.date}>
              <td>{label(day.date)}</td>
              <td>{inputMinutes(days[index]!.watch_seconds)}</td>
              <td>{day.goal_minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  )
}
