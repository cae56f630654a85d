/**
 * One card under review, listening first: its audio plays as it shows, with the text hidden; Reveal
 * (or Space) shows the line in the video's language (a Cantonese one with its Jyutping above the
 * characters, as the video's transcript reads it, unless the learner turned Jyutping off in the player) and its English; then a grade, Again / Hard / Good / Easy (keys
 * 1–4), each saying when the card would come back. Space again replays the line. "Open in the video"
 * goes to the line in its video. Once revealed, each word of the line is a button opening its word
 * sheet (the WordsProvider is the session's): a tap on a word neither grades nor flips the card, and
 * Space on a focused word opens it rather than replaying; the digits grade wherever focus is, but not
 * while the sheet is open (the sheet is a modal dialog, whose keys are its own).
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { LocalCard, ReviewRating } from '../../data/cards/card-types.ts'
import { formatCueTime } from '../captions/cue-time.ts'
import { WordText } from '../words/WordText.tsx'
import { nextDueByGrade, spanParts } from './intervals.ts'
import type { PlayedFrom } from './use-clip-player.ts'

const GRADES: Array<{ rating: ReviewRating; key: 'again' | 'hard' | 'good' | 'easy' }> = [
  { rating: 1, key: 'again' },
  { rating: 2, key: 'hard' },
  { rating: 3, key: 'good' },
  { rating: 4, key: 'easy' },
]

/** A word of the line, focused: Space and Enter are its own (its sheet), not the card's. */
function onWord(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && Boolean(target.closest('[data-testid="word"]'))
}

function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || Boolean(target.closest('dialog')))
}

export function ReviewCard({
  card,
  language,
  now,
  played,
  onPlay,
  onGrade,
  onRemove,
}: {
  card: LocalCard
  language: string
  now: number
  /** What the last play of this card played from (null while none has finished starting). */
  played: PlayedFrom | null
  onPlay: () => void
  onGrade: (rating: ReviewRating, durationMs: number) => void
  onRemove: () => void
}) {
  const { t } = useTranslation('review')
  const [revealed, setRevealed] = useState(false)
  const shownAt = useRef(0)
  useEffect(() => {
    shownAt.current = performance.now()
  }, [])
  // The four grades' next dues are shown only once the line is revealed: computed then, not in the
  // frame that shows the card after a grade (four ts-fsrs steps, some 3 ms of it at 4× CPU).
  const next = useMemo(() => (revealed ? nextDueByGrade(card.created_at, card.schedule, now) : null), [card, now, revealed])
  const line = useMemo(() => ({ start: card.start, end: card.end, text: card.text }), [card.start, card.end, card.text])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return
      if (event.key === ' ') {
        if (onWord(event.target)) return
        event.preventDefault()
        if (revealed) onPlay()
        else setRevealed(true)
        return
      }
      const grade = GRADES.find((g) => String(g.rating) === event.key)
      if (grade && revealed) {
        event.preventDefault()
        onGrade(grade.rating, performance.now() - shownAt.current)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [revealed, onPlay, onGrade])

  const time = formatCueTime(card.start)
  return (
    <article className="review-card card" aria-labelledby="review-card-title" data-testid="review-card" data-revealed={revealed}>
      <h2 id="review-card-title" className="visually-hidden">
        {t('card.heading')}
      </h2>
      <button type="button" className="review-play" onClick={onPlay} aria-keyshortcuts={revealed ? 'Space' : undefined} data-testid="review-play">
        <svg width="36" height="36" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05A4.48 4.48 0 0 0 16.5 12zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06A9 9 0 0 0 14 3.23z" fill="currentColor" />
        </svg>
        <span>{t('card.playAgain')}</span>
      </button>
      {played === 'none' ? (
        <p className="review-no-audio muted small" role="status" data-testid="review-no-audio">
          {navigator.onLine ? t('card.audioNotReady') : t('card.noAudio')}
        </p>
      ) : null}
      {revealed ? (
        <div className="review-text">
          <p className="review-line" lang={language} data-testid="review-line">
            <WordText line={line} coloured />
          </p>
          {card.translation ? (
            <p className="review-translation" lang="en" data-testid="review-translation">
              {card.translation}
            </p>
          ) : null}
          <p className="review-source small muted">
            {t('card.source', { title: card.video_title, time })}{' '}
            <Link to={`/languages/${language}/videos/${card.video_id}?t=${Math.floor(card.start)}`} data-testid="review-open-video">
              {t('card.openInVideo')}
            </Link>
          </p>
        </div>
      ) : (
        <div className="review-hidden">
          <p className="muted">{t('card.listenFirst')}</p>
          <button type="button" className="button button-large button-block review-reveal" onClick={() => setRevealed(true)} aria-keyshortcuts="Space" data-testid="review-reveal">
            {t('card.reveal')}
          </button>
        </div>
      )}
      {next ? (
        <div className="review-grades" role="group" aria-label={t('card.gradesLabel')}>
          {GRADES.map(({ rating, key }) => {
            const span = spanParts(next[rating] - now)
            const after = t(`span.${span.unit}`, { count: span.count })
            return (
              <button
                key={rating}
                type="button"
                className={`review-grade review-grade-${key}`}
                aria-keyshortcuts={String(rating)}
                aria-label={t('card.gradeLabel', { grade: t(`grade.${key}`), after })}
                onClick={() => onGrade(rating, performance.now() - shownAt.current)}
                data-testid={`review-grade-${rating}`}
              >
                <span className="review-grade-name">{t(`grade.${key}`)}</span>
                <span className="review-grade-after" aria-hidden="true">
                  {after}
                </span>
              </button>
            )
          })}
        </div>
      ) : null}
      <button type="button" className="button button-ghost button-small review-remove" onClick={onRemove} data-testid="review-remove">
        {t('card.remove')}
      </button>
    </article>
  )
}
