/**
 * Up next, when a video ends: the next video with a countdown (UP_NEXT_SECONDS) that the learner can
 * cancel, or skip with Play now. Announced once, politely (the seconds ticking are not read out).
 * Online the server picks; offline only a downloaded video is offered (up-next.ts).
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { useOnline } from '../../data/runtime/connectivity.ts'
import { fetchUpNext, offlineUpNext } from '../../data/compass/up-next.ts'

export const UP_NEXT_SECONDS = 8

export function UpNext({ code, current }: { code: string; current: VideoSummary }) {
  const { t } = useTranslation('compass')
  const online = useOnline()
  const navigate = useNavigate()
  const headingId = useId()
  // Chosen once, when the video ended: a change of network later does not swap the offer.
  const [offlineAtEnd] = useState(!online)
  const [next, setNext] = useState<VideoSummary | null | undefined>(undefined)
  const [left, setLeft] = useState(UP_NEXT_SECONDS)
  const [cancelled, setCancelled] = useState(false)
  const playNow = useRef<HTMLAnchorElement>(null)

  useEffect(() => {
    let live = true
    const pick = offlineAtEnd ? offlineUpNext(current) : fetchUpNext(current.id).catch(() => offlineUpNext(current))
    pick.then((video) => live && setNext(video)).catch(() => live && setNext(null))
    return () => {
      live = false
    }
  }, [current, offlineAtEnd])

  const path = next ? `/languages/${code}/videos/${next.id}` : null
  // One timer opens the next video; another only counts the seconds down on screen.
  useEffect(() => {
    if (!path || cancelled) return
    const go = setTimeout(() => navigate(path, { state: { autoplay: true } }), UP_NEXT_SECONDS * 1000)
    const tick = setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000)
    return () => {
      clearTimeout(go)
      clearInterval(tick)
    }
  }, [path, cancelled, navigate])

  // The live region is in the page before the pick arrives, so the pick is a change it says, once
  // (the seconds ticking by are not read out).
  const announcement = next ? (cancelled ? t('upNext.cancelled') : t('upNext.announce', { title: next.title, count: UP_NEXT_SECONDS })) : ''
  const live = (
    <p className="visually-hidden" role="status">
      {announcement}
    </p>
  )
  if (!next || !path) {
    return (
      <>
        {live}
        {offlineAtEnd && next === null ? (
          <p className="muted small" data-testid="up-next-none">
            {t('upNext.offline')}
          </p>
        ) : null}
      </>
    )
  }
  const sameSeries = next.series !== null && next.series.id === current.series?.id
  return (
    <>
      {live}
      <section className="up-next" aria-labelledby={headingId} data-testid="up-next">
        <div className="up-next-body">
          {next.thumbnail_url ? <img className="up-next-thumb" src={next.thumbnail_url} alt="" /> : <span className="up-next-thumb up-next-thumb-empty" aria-hidden="true" />}
          <div className="up-next-text">
            <h2 id={headingId} className="up-next-label">
              {sameSeries ? t('upNext.nextEpisode') : t('upNext.title')}
            </h2>
            <p className="up-next-title" data-testid="up-next-title">
              {next.title}
            </p>
            {next.series ? <p className="up-next-series">{next.series.name}</p> : null}
            {offlineAtEnd ? <p className="muted small">{t('upNext.offline')}</p> : null}
            {!cancelled ? (
              <p className="up-next-countdown" aria-hidden="true" data-testid="up-next-countdown">
                {t('upNext.countdown', { count: left })}
              </p>
            ) : null}
          </div>
        </div>
        <div className="up-next-actions">
          <Link ref={playNow} className="button button-small" to={path} state={{ autoplay: true }} data-testid="up-next-play">
            {t('upNext.playNow')}
          </Link>
          {!cancelled ? (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => {
                setCancelled(true)
                playNow.current?.focus() // the button goes away; focus stays in the panel
              }}
              data-testid="up-next-cancel"
            >
              {t('upNext.cancel')}
            </button>
          ) : null}
        </div>
      </section>
    </>
  )
}
