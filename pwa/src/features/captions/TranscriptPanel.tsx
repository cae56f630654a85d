/**
 * The transcript under the video: every cue with its time, the current one highlighted as it plays;
 * a tap on a line seeks there. For screen readers it is a list of buttons, the current line marked
 * with aria-current: no live region, so nothing is announced while the video plays.
 * The list follows the video (scrolls itself to keep the current line in sight) until the learner
 * scrolls it herself (wheel, touch or keys); a "back to the current line" button then brings it back,
 * and so does a tap on any line. In listening mode each line's words are hidden until she reveals it.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCueTime } from './cue-time.ts'
import './captions.css'

export interface TranscriptCue {
  start: number
  end: number
  text: string
}

/** Keys that scroll a list by themselves. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown'])

export function TranscriptPanel({
  cues,
  language,
  failed,
  current,
  onSeek,
  listening = false,
  revealed,
  onReveal,
}: {
  cues: readonly TranscriptCue[] | null
  /** The cues' language, so a screen reader reads them with the right voice. */
  language: string
  failed: boolean
  current: number
  onSeek: (seconds: number) => void
  /** Listening mode: words hidden until revealed. */
  listening?: boolean
  revealed?: ReadonlySet<number>
  onReveal?: (index: number) => void
}) {
  const { t } = useTranslation('captions')
  const { t: tw } = useTranslation('watch')
  const headingId = useId()
  const listRef = useRef<HTMLOListElement>(null)
  const [following, setFollowing] = useState(true)

  const scrollToLine = (index: number) => {
    const list = listRef.current
    const line = list?.children[index] as HTMLElement | undefined
    if (!list || !line) return
    // Scrolls the list only (scrollIntoView would scroll the page under the learner too).
    const top = line.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop
    if (top < list.scrollTop || top + line.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3)
    }
  }

  useEffect(() => {
    if (following && current >= 0) scrollToLine(current)
  }, [current, following])

  const leave = () => setFollowing(false)

  return (
    <section className="transcript card" aria-labelledby={headingId} data-testid="transcript" data-following={following}>
      <div className="transcript-head">
        <h2 id={headingId} className="transcript-title">
          {t('transcript.title')}
        </h2>
        {!following && current >= 0 ? (
          <button
            type="button"
            className="button button-small transcript-back"
            onClick={() => {
              setFollowing(true)
              scrollToLine(current)
            }}
            data-testid="transcript-back"
          >
            {tw('player.backToCurrent')}
          </button>
        ) : null}
      </div>
      {cues === null ? (
        <p className="muted small">{failed ? t('transcript.failed') : t('transcript.loading')}</p>
      ) : cues.length === 0 ? (
        <p className="muted small">{t('transcript.empty')}</p>
      ) : (
        <ol
          ref={listRef}
          className="transcript-list"
          lang={language}
          onWheel={leave}
          onTouchMove={leave}
          onKeyDown={(event) => SCROLL_KEYS.has(event.key) && leave()}
        >
          {cues.map((cue, index) => {
            const hidden = listening && !revealed?.has(index)
            return (
              <li key={`${cue.start}-${index}`} aria-current={index === current ? 'true' : undefined} className={index === current ? 'transcript-line transcript-current' : 'transcript-line'}>
                <button
                  type="button"
                  className={hidden ? 'transcript-button is-hidden-text' : 'transcript-button'}
                  aria-label={hidden ? tw('player.hiddenLine', { time: formatCueTime(cue.start) }) : undefined}
                  onClick={() => {
                    setFollowing(true)
                    if (hidden) onReveal?.(index)
                    else onSeek(cue.start)
                  }}
                  data-testid="transcript-line"
                >
                  <span className="transcript-time">{formatCueTime(cue.start)}</span>
                  <span className="transcript-text" aria-hidden={hidden || undefined}>
                    {cue.text}
                  </span>
                </button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
