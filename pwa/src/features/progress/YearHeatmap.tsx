/**
 * A year of input at a glance: one square a day, weeks as columns, shaded by minutes against that
 * day's goal, the days that met it marked with a ring. Each square is labelled (date, minutes, goal
 * met); the text equivalent is the summary line and the month-by-month table under it. On a phone
 * the grid scrolls sideways and opens at today.
 */
import { useEffect, useId, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { formatListening } from './time-spans.ts'
import { inputMinutes } from '../../data/progress/input-minutes.ts'
import { HEATMAP_CELL as CELL, HEATMAP_GAP as GAP, HEATMAP_LEFT as LEFT, HEATMAP_TOP as TOP, heatmapWeeks, heatmapWidth, monthSummaries, yearTotals, type HeatmapDay } from './heatmap.ts'

export function YearHeatmap({ days }: { days: readonly HeatmapDay[] }) {
  const { t, i18n } = useTranslation(['compass', 'watch'])
  const weeks = useMemo(() => heatmapWeeks(days), [days])
  const months = useMemo(() => monthSummaries(days), [days])
  const totals = useMemo(() => yearTotals(days), [days])
  const scroller = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const today = days.at(-1)

  useEffect(() => {
    const element = scroller.current
    if (element) element.scrollLeft = element.scrollWidth
  }, [weeks.length])

  const dayFormat = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
  const monthFormat = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' })
  const monthLong = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const weekdayFormat = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' })
  const asDate = (date: string) => new Date(`${date}T00:00:00Z`)
  const width = heatmapWidth(weeks.length)
  const height = TOP + 7 * (CELL + GAP)

  // A month's name over the first week that holds its first day.
  const monthLabels = weeks.flatMap((week, index) => {
    const first = week.find((cell) => cell !== null && cell.date.endsWith('-01'))
    return first ? [{ index, label: monthFormat.format(asDate(first.date)) }] : []
  })

  return (
    <div className="year-heatmap" data-testid="year-heatmap">
      <p className="year-summary" id={titleId}>
        {t('progress.yearSummary', {
          amount: formatListening(t, totals.hours * 3600),
          daysWatched: t('progress.onDays', { count: totals.daysWatched }),
          daysMet: t('progress.metOnDays', { count: totals.daysMet }),
        })}
      </p>
      {today ? (
        <p className="year-today" data-testid="heatmap-today" data-minutes={inputMinutes(today.watch_seconds)}>
          {t('progress.today', { minutes: inputMinutes(today.watch_seconds) })}
        </p>
      ) : null}
      <div className="year-scroll" ref={scroller} tabIndex={0} role="group" aria-labelledby={titleId}>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-label={t('progress.heatmapLabel')}>
          {monthLabels.map(({ index, label }) => (
            <text key={index} className="year-month" x={LEFT + index * (CELL + GAP)} y={TOP - 5} aria-hidden="true">
              {label}
            </text>
          ))}
          {[0, 2, 4].map((weekday) => (
            <text key={weekday} className="year-weekday" x={0} y={TOP + weekday * (CELL + GAP) + CELL - 2} aria-hidden="true">
              {weekdayFormat.format(new Date(Date.UTC(2024, 0, 1 + weekday)))}
            </text>
          ))}
          {weeks.map((week, column) =>
            week.map((cell, row) => {
              if (!cell) return null
              const label = t(cell.goal_met ? 'progress.cellMet' : 'progress.cell', { date: dayFormat.format(asDate(cell.date)), minutes: cell.minutes })
              return (
                <rect
                  key={cell.date}
                  className={`year-cell year-level-${cell.level}${cell.goal_met ? ' year-met' : ''}`}
                  x={LEFT + column * (CELL + GAP)}
                  y={TOP + row * (CELL + GAP)}
                  width={CELL}
                  height={CELL}
                  rx={2}
                  role="img"
                  aria-label={label}
                  data-date={cell.date}
                  data-minutes={cell.minutes}
                >
                  <title>{label}</title>
                </rect>
              )
            }),
          )}
        </svg>
      </div>
      <div className="year-legend" aria-hidden="true">
        <span>{t('progress.less')}</span>
        {[0, 1, 2, 3].map((level) => (
          <span key={level} className={`year-swatch year-level-${level}`} />
        ))}
        <span>{t('progress.more')}</span>
        <span className="year-swatch year-level-4 year-met" />
        <span>{t('progress.goalMet')}</span>
      </div>
      <details className="year-months">
        <summary>{t('progress.byMonth')}</summary>
        <table className="year-table" data-testid="heatmap-months">
          <caption className="visually-hidden">{t('progress.monthCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('progress.month')}</th>
              <th scope="col">{t('progress.minutes')}</th>
              <th scope="col">{t('progress.daysWatched')}</th>
              <th scope="col">{t('progress.daysMet')}</th>
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLong.format(asDate(`${month.month}-01`))}</th>
                <td>{month.minutes}</td>
                <td>{month.daysWatched}</td>
                <td>{month.daysMet}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
}
