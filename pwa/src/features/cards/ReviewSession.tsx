/**
 * The review page's body: the day's summary (due now, later today, the next one's time), the card due
 * first with its audio (playing as it shows; the next cards' clips fetched ahead), and, when nothing is
 * due, when the next card comes; with no cards at all, how to save a line. A grade shows the next card
 * at once (the graded one leaves the screen before the write lands) and goes to the outbox once that
 * card is painted.
 */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { fetchClipsAhead } from '../../data/cards/card-audio.ts'
import { gradeCard, removeCard } from '../../data/cards/cards-store.ts'
import { useReviewQueue, type DueSummary } from '../../data/cards/due.ts'
import type { PlayableCard, ReviewRating } from '../../data/cards/card-types.ts'
import { WordsProvider } from '../words/WordsProvider.tsx'
import { ExportApkg } from './ExportApkg.tsx'
import { ReviewCard } from './ReviewCard.tsx'
import { useReviewReadings } from './review-readings.ts'
import { spanParts } from './intervals.ts'
import { useClipPlayer, type PlayedFrom } from './use-clip-player.ts'
import { afterPaint } from './after-paint.ts'

const AHEAD = 4

/** `data-pull` says whether the page's pull has ended (the bench times a first visit's whole pull by it). */
function SummaryLine({ summary, now, loadingMore, settled }: { summary: DueSummary; now: number; loadingMore: boolean; settled: boolean }) {
  const { t, i18n } = useTranslation('review')
  // A first pull still coming: the counts so far are only those of the pages written, so they say so.
  if (loadingMore) {
    return (
      <p className="review-summary" data-testid="review-summary" data-loading-more="true" data-pull="pulling">
        {[t('summary.dueSoFar', { count: summary.now }), t('summary.moreLoading')].join(' · ')}
      </p>
    )
  }
  const parts = [t('summary.dueNow', { count: summary.now })]
  if (summary.laterToday > 0) parts.push(t('summary.laterToday', { count: summary.laterToday }))
  if (summary.next !== null) {
    const span = spanParts(summary.next - now)
    const at = new Date(summary.next).toLocaleString(i18n.language, summary.next - now < 86_400_000 ? { hour: 'numeric', minute: '2-digit' } : { weekday: 'short', day: 'numeric', month: 'short' })
    parts.push(t('summary.next', { after: t(`span.${span.unit}`, { count: span.count }), at }))
  }
  return (
    <p className="review-summary" data-testid="review-summary" data-pull={settled ? 'settled' : 'pulling'}>
      {parts.join(' · ')}
    </p>
  )
}

/** Where the page's pull of the server's cards stands, as the session shows it. */
export interface PullShown {
  /** The pull has ended (or could not start: offline): an empty device is truly empty. */
  settled: boolean
  /** A first pull (the device held no card of the language) in progress: the pages written so far. */
  firstPages: number | null
}

/**
 * `onShown` is called once the device's cards (or the wait for them) are painted: the page's pull of the
 * server's cards waits for it, so its reads and writes never stand before the first card (issue 43).
 * During a first pull the first card shows as soon as the first page is written, the summary says more
 * are loading, and the queue is read once per page rather than live on every chunk written.
 */
export function ReviewSession({
  language,
  now,
  onNow,
  onShown,
  pull = { settled: true, firstPages: null },
}: {
  language: string
  now: number
  onNow: (at: number) => void
  onShown?: () => void
  pull?: PullShown
}) {
  const { t } = useTranslation('review')
  const queue = useReviewQueue(language, now, AHEAD + 1, pull.firstPages)
  const loadingMore = pull.firstPages !== null
  const [graded, setGraded] = useState<ReadonlySet<string>>(new Set())
  const [played, setPlayed] = useState<{ id: string; from: PlayedFrom } | null>(null)
  const { audioRef, videoRef, play, stop } = useClipPlayer()
  const cards = (queue?.cards ?? []).filter((card) => !graded.has(card.id))
  const current: PlayableCard | undefined = cards[0]
  const upcoming = cards.slice(1).map((card) => card.audio_url).join(' ')
  // The current card's line read as its video's transcript reads it (Cantonese: Jyutping over the characters).
  const readings = useReviewReadings(current?.video_id, language)

  const playCurrent = useCallback(() => {
    if (!current) return
    const id = current.id
    void play(current).then((from) => setPlayed({ id, from }))
  }, [current, play])

  // A graded card stays hidden until a read of the queue no longer holds it: dropped sooner, a read made
  // before its write landed (the queue is not live during a first pull) would show it again.
  const [readSeen, setReadSeen] = useState(queue)
  if (queue !== readSeen) {
    setReadSeen(queue)
    const held = new Set((queue?.cards ?? []).map((card) => card.id))
    const kept = [...graded].filter((id) => held.has(id))
    if (kept.length !== graded.size) setGraded(new Set(kept))
  }

  const loaded = queue !== undefined
  useEffect(() => {
    if (loaded && onShown) return afterPaint(onShown)
  }, [loaded, onShown])

  // The audio first: as each card shows (its clip is in memory, fetched ahead: starting it costs the frame little).
  const currentId = current?.id
  useEffect(() => {
    if (currentId) playCurrent()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per card shown, not per render
  }, [currentId])
  useEffect(() => {
    const ahead = cards.slice(1, AHEAD + 1)
    return afterPaint(() => fetchClipsAhead(ahead))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the clips of the next cards, when they change
  }, [upcoming])

  const grade = (rating: ReviewRating, durationMs: number) => {
    if (!current) return
    const id = current.id
    const gradedAt = Date.now()
    stop()
    setGraded((before) => new Set(before).add(id))
    // The next card is painted first; the review's write (Dexie and the outbox, then the due list read
    // again and rendered) waits for that frame, timed at the grade. It held the frame by some 12 ms at 4× CPU.
    afterPaint(() => {
      // The graded card is out of the due range now; the list is read again from this moment (it
      // leaves `graded` once a read no longer holds it, below).
      void gradeCard(id, rating, durationMs, gradedAt).then(() => onNow(Date.now()))
    })
  }

  const waiting = (
    <p className="muted" role="status" data-testid="review-loading">
      {t('loading')}
    </p>
  )
  if (!queue) return waiting
  const media = (
    <>
      <audio ref={audioRef} preload="auto" data-testid="review-audio" />
      <video ref={videoRef} className="review-span-video" playsInline preload="none" aria-hidden="true" tabIndex={-1} data-testid="review-span-video" />
    </>
  )
  if (queue.summary.total === 0) {
    // No card here yet: the empty state only once the server has had its say (a first visit's pull).
    if (!pull.settled) return waiting
    return (
      <section className="review-empty card" data-testid="review-empty">
        <h2 className="section-title">{t('empty.title')}</h2>
        <p>{t('empty.how')}</p>
        <p className="muted">{t('empty.keys')}</p>
        <Link className="button" to={`/languages/${language}/videos`}>
          {t('empty.browse')}
        </Link>
      </section>
    )
  }
  return (
    <>
      <SummaryLine summary={{ ...queue.summary, now: Math.max(0, queue.summary.now - graded.size) }} now={now} loadingMore={loadingMore} settled={pull.settled} />
      {current ? (
        <WordsProvider language={language} onOpen={stop} readings={readings}>
          <ReviewCard
            key={current.id}
            card={current}
            language={language}
            now={now}
            played={played?.id === current.id ? played.from : null}
            onPlay={playCurrent}
            onGrade={grade}
            onRemove={() => {
              stop()
              // Read again from now: during a first pull the queue is not live.
              void removeCard(current.id).then(() => onNow(Date.now()))
            }}
          />
        </WordsProvider>
      ) : loadingMore ? (
        waiting
      ) : (
        <section className="review-done card" data-testid="review-done">
          <h2 className="section-title">{t('done.title')}</h2>
          <p className="muted">{t('done.explain')}</p>
        </section>
      )}
      {media}
      <ExportApkg language={language} />
    </>
  )
}
