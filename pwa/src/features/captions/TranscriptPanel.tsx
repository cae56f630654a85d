/**
 * The transcript beside the video (under it on a phone): every cue with its time, the current one
 * highlighted as it plays. Each line's time is its own button, "hear this": it seeks there and plays,
 * paused or not. The words are text, not part of that button (a word is to be its own button, for the
 * word sheet): no interactive element inside another. With the English track on, each line shows its
 * English under it, as on the picture; the head's toggle turns it off and on (the same choice as the
 * English captions). For screen readers it is a list, the current line marked with aria-current: no
 * live region, so nothing is announced while the video plays.
 * The list follows the video (scrolls itself to keep the current line in sight) until the learner
 * scrolls it herself (wheel, touch or keys); a "back to the current line" button then brings it back,
 * and so does a tap on any line. In listening mode each line's words are hidden until she reveals it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
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
  onPlay,
  listening = false,
  revealed,
  onReveal,
  translations = null,
  english = null,
  renderText,
}: {
  cues: readonly TranscriptCue[] | null
  /** The cues' language, so a screen reader reads them with the right voice. */
  language: string
  failed: boolean
  current: number
  /** Plays from there (the time's button: "hear this"). */
  onPlay: (seconds: number) => void
  /** Listening mode: words hidden until revealed. */
  listening?: boolean
  revealed?: ReadonlySet<number>
  onReveal?: (index: number) => void
  /** What the English track says over each line (by index), shown under it; null: not shown. */
  translations?: readonly string[] | null
  /** The English toggle in the head, where the video has English captions. */
  english?: { shown: boolean; onToggle: () => void } | null
  /** A line's words as buttons of their own (features/words' WordText); plain text without it, and while hidden. */
  renderText?: (index: number) => ReactNode
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
        {english ? (
          <button type="button" className="caption-chip transcript-english" aria-pressed={english.shown} onClick={english.onToggle} data-testid="transcript-english">
            {t('transcript.english')}
          </button>
        ) : null}
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
        <>
          <span id={`${headingId}-hear`} hidden>
            {t('transcript.hear')}
          </span>
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
              const time = formatCueTime(cue.start)
              const translation = translations?.[index]
              return (
                <li key={`${cue.start}-${index}`} aria-current={index === current ? 'true' : undefined} className={index === current ? 'transcript-line transcript-current' : 'transcript-line'}>
                  <button
                    type="button"
                    className={hidden ? 'transcript-button is-hidden-text' : 'transcript-button'}
                    // Named by what it plays: its time, its words, then what it does (a list of "play" alone says nothing).
                    aria-label={hidden ? tw('player.hiddenLine', { time }) : undefined}
                    aria-labelledby={hidden ? undefined : `${headingId}-t${index} ${headingId}-w${index} ${headingId}-hear`}
                    onClick={() => {
                      setFollowing(true)
                      if (hidden) onReveal?.(index)
                      else onPlay(cue.start)
                    }}
                    data-testid="transcript-line"
                  >
                    <span className="transcript-play" aria-hidden="true" />
                    <span className="transcript-time" id={`${headingId}-t${index}`}>
                      {time}
                    </span>
                  </button>
                  <div className={hidden ? 'transcript-words is-hidden-text' : 'transcript-words'} aria-hidden={hidden || undefined}>
                    <p className="transcript-text" id={`${headingId}-w${index}`}>
                      {renderText && !hidden ? renderText(index) : cue.text}
                    </p>
                    {translation ? (
                      <p className="transcript-translation" lang="en" data-testid="transcript-translation">
                        {translation}
                      </p>
                    ) : null}
                  </div>
                </li>
              )
            })}
          </ol>
        </>
      )}
    </section>
  )
}
