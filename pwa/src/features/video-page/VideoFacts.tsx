/** The facts under the player (the transcript has the place beside it on a wide screen): level, access, length, dialect, series and episode, creators, description. */
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { useTranslation } from 'react-i18next'
import { formatDuration } from '../../components/format-duration.ts'
import '../captions/captions.css'

export function AccessBadge({ access }: { access: VideoDetail['access_level'] }) {
  const { t } = useTranslation('watch')
  return <span className={`tag access-${access}`}>{t(`access.${access}`)}</span>
}

export function VideoFacts({ video }: { video: VideoDetail }) {
  const { t } = useTranslation('watch')
  const { t: tc } = useTranslation('captions')
  const creators = video.creators.map((creator) => creator.display_name).filter(Boolean)
  return (
    <aside className="video-facts card" aria-label={t('video.about')}>
      <p className="video-tags">
        <span className="tag">{t(`levels.${video.proficiency_level}`)}</span>
        <AccessBadge access={video.access_level} />
        <span className="tag">{formatDuration(video.duration_seconds)}</span>
        {video.dialect ? <span className="tag tag-neutral" data-testid="video-facts-dialect">{tc(`dialectLong.${video.dialect}`)}</span> : null}
      </p>
      {video.series ? (
        <p className="muted">{video.episode_number ? t('list.seriesEpisode', { series: video.series.name, episode: video.episode_number }) : video.series.name}</p>
      ) : null}
      {video.progress ? <p className="muted">{t('list.percent', { percent: Math.round(video.progress.percent) })}</p> : null}
      {creators.length ? <p>{t('video.creators', { names: creators.join(', ') })}</p> : null}
      {video.description ? <p className="video-description">{video.description}</p> : null}
    </aside>
  )
}
