/** A titled row of small video cards above the list (Continue watching, Next for you); scrolls sideways on a phone. */
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { formatDuration } from '../../components/format-duration.ts'

export function VideoRow<V extends VideoSummary>({
  title,
  hint,
  code,
  videos,
  testId,
  detail,
}: {
  title: string
  hint?: string
  code: string
  videos: readonly V[]
  testId: string
  /** The line under a card's title. */
  detail: (video: V) => ReactNode
}) {
  const headingId = useId()
  if (videos.length === 0) return null
  return (
    <section className="video-row" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="video-row-title">
        {title}
        {hint ? <span className="video-row-hint muted">{hint}</span> : null}
      </h2>
      <ul className="video-row-list">
        {videos.map((video) => {
          const percent = Math.min(100, Math.round(video.progress?.percent ?? 0))
          return (
            <li key={video.id} className="video-row-item" data-testid="row-card" data-video-id={video.id}>
              <Link className="video-row-link" to={`/languages/${code}/videos/${video.id}`}>
                <span className="video-thumb">
                  {video.thumbnail_url ? <img src={video.thumbnail_url} alt="" loading="lazy" /> : <span className="video-thumb-empty" aria-hidden="true" />}
                  <span className="video-duration">{formatDuration(video.duration_seconds)}</span>
                  {percent > 0 ? (
                    <span className="video-progress" aria-hidden="true">
                      <span className="video-progress-fill" style={{ width: `${percent}%` }} />
                    </span>
                  ) : null}
                </span>
                <span className="video-row-name">{video.title}</span>
                <span className="video-row-detail muted small">{detail(video)}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
