/**
 * The transcript under the video: every cue with its time, the current one highlighted as it plays;
 * a tap on a line seeks there. For screen readers it is a list of buttons, the current line marked
 * with aria-current: no live region, so nothing is announced while the video plays. The list scrolls
 * itself to keep the current line in sight, unless the learner is in it (focus inside).
 */
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCueTime } from './cue-time.ts'
import type { TranscriptCue } from './use-caption-tracks.ts'
import './captions.css'

export function TranscriptPanel({
  cues,
  language,
  failed,
  current,
  onSeek,
}: {
  cues: TranscriptCue[] | null
  /** The cues' language, so a screen reader reads them with the right voice. */
  language: string
  failed: boolean
  current: number
  onSeek: (seconds: number) => void
}) {
  const { t } = useTranslation('captions')
  const headingId = useId()
  const listRef = useRef<HTMLOListElement>(null)

  useEffect(() => {
    const list = listRef.current
    if (!list || current < 0 || list.contains(document.activeElement)) return
    const line = list.children[current] as HTMLElement | undefined
    if (!line) return
    // Scrolls the list only (scrollIntoView would scroll the page under the learner too).
    const top = line.offsetTop - list.offsetTop
    if (top < list.scrollTop || top + line.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3)
    }
  }, [current])

  return (
    <section className="transcript card" aria-labelledby={headingId} data-testid="transcript">
      <h2 id={headingId} className="transcript-title">
        {t('transcript.title')}
      </h2>
      {cues === null ? (
        <p className="muted small">{failed ? t('transcript.failed') : t('transcript.loading')}</p>
      ) : cues.length === 0 ? (
        <p className="muted small">{t('transcript.empty')}</p>
      ) : (
        <ol ref={listRef} className="transcript-list" lang={language}>
          {cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`} aria-current={index === current ? 'true' : undefined} className={index === current ? 'transcript-line transcript-current' : 'transcript-line'}>
              <button type="button" className="transcript-button" onClick={() => onSeek(cue.start)} data-testid="transcript-line">
                <span className="transcript-time">{formatCueTime(cue.start)}</span>
                <span className="transcript-text">{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
