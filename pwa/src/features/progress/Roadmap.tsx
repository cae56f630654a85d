/** The progress page's roadmap: every level with its starting hours, and where the learner is now. */
import { useTranslation } from 'react-i18next'
import { ROADMAP_LEVELS, roadmapPlace } from './roadmap.ts'
import { formatListening } from './time-spans.ts'

export function Roadmap({ totalSeconds }: { totalSeconds: number }) {
  const { t } = useTranslation('watch')
  const place = roadmapPlace(totalSeconds)
  return (
    <div className="roadmap" data-testid="roadmap">
      <p>
        {place.hoursToNext === null
          ? t('roadmap.top', { level: place.level })
          : t('roadmap.now', { level: place.level, amount: formatListening(t, place.hoursToNext * 3600), next: place.level + 1 })}
      </p>
      <ol className="roadmap-levels">
        {ROADMAP_LEVELS.map((step) => (
          <li key={step.level} className={step.level === place.level ? 'roadmap-step roadmap-current' : step.level < place.level ? 'roadmap-step roadmap-done' : 'roadmap-step'} aria-current={step.level === place.level ? 'step' : undefined}>
            <span className="roadmap-name">{t('roadmap.level', { level: step.level })}</span>
            <span className="roadmap-hours">{t('roadmap.from', { hours: step.fromHours })}</span>
            {step.level === place.level ? (
              <span className="roadmap-bar" aria-hidden="true">
                <span className="roadmap-fill" style={{ width: `${place.percent}%` }} />
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}
