/**
 * Reviews of saved lines per day, beside the watch time on the progress page: the server's count and
 * this device's reviews not sent yet. Review time is not watch time: it never moves the goal.
 */
import { useTranslation } from 'react-i18next'
import { useReviewsByDay, type ReviewDay } from '../../data/cards/review-days.ts'
import './review.css'

export function ReviewsByDay({ days, server }: { days: readonly string[]; server: readonly ReviewDay[] | undefined }) {
  const { t } = useTranslation('review')
  const counts = useReviewsByDay(days, server)
  const most = Math.max(1, ...counts.map((day) => day.count))
  const today = counts[counts.length - 1]?.count ?? 0
  const week = counts.slice(-7).reduce((sum, day) => sum + day.count, 0)
  return (
    <div className="reviews-by-day" data-testid="reviews-by-day">
      <h3 className="reviews-by-day-title">{t('progress.title')}</h3>
      <p className="muted small" data-testid="reviews-today">
        {t('progress.summary', { today, week })}
      </p>
      <ol className="reviews-bars" aria-label={t('progress.barsLabel')}>
        {counts.map((day) => (
          <li key={day.date} className="reviews-bar" title={`${day.date}: ${day.count}`}>
            <span className="reviews-bar-fill" style={{ height: `${(day.count / most) * 100}%` }} />
            <span className="visually-hidden">{t('progress.day', { date: day.date, count: day.count })}</span>
          </li>
        ))}
      </ol>
      <p className="muted small">{t('progress.notWatchTime')}</p>
    </div>
  )
}
