/** Preview: as a learner sees it, both tracks over the picture (drawn by the screen) and the transcript beside, the playing line marked; a tap on a line plays from it. */
import { useTranslation } from 'react-i18next'
import { isTimed, type StudioCue } from './cue-ops.ts'
import { formatTime } from './time-format.ts'

export function PreviewStep({ cues, time, seek, language }: { cues: readonly StudioCue[]; time: number; seek: (seconds: number) => void; language: string }) {
  const { t } = useTranslation('studio')
  const timed = cues.filter(isTimed).sort((a, b) => a.start - b.start)
  const untimed = cues.length - timed.length
  return (
    <div className="studio-preview">
      <h2 className="studio-heading">{t('preview.heading')}</h2>
      <p className="muted">{untimed > 0 ? t('preview.untimed', { count: untimed }) : t('preview.hint')}</p>
      <ol className="studio-transcript-list" aria-label={t('preview.transcript')} data-testid="preview-transcript">
        {timed.map((cue) => {
          const current = cue.start <= time && time < cue.end
          return (
            <li key={cue.id}>
              <button type="button" className={current ? 'studio-line is-current' : 'studio-line'} aria-current={current ? 'true' : undefined} onClick={() => seek(cue.start)}>
                <span className="studio-line-time">{formatTime(cue.start)}</span>
                <span lang={language}>{cue.text}</span>
                {cue.english ? (
                  <span className="studio-line-english" lang="en">
                    {cue.english}
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
