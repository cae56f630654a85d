/**
 * Plays a submission's processed video. hls.js is imported only when someone presses play here
 * (player/hls-playback.ts loads it on demand), so it never weighs on other pages.
 */
import { useRef } from 'react'
import { useHlsVideo } from '../../player/use-hls-video.ts'
import { useTranslation } from 'react-i18next'

export function SubmissionPlayer({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation('contribute')
  const video = useRef<HTMLVideoElement>(null)
  const { failed } = useHlsVideo(video, src)

  return (
    <div className="submission-player">
      <video ref={video} controls playsInline aria-label={t('submissions.playerLabel', { title })} data-testid="submission-video" />
      {failed ? (
        <p className="form-error" role="alert">
          {t('submissions.loadVideoFailed')}
        </p>
      ) : null}
    </div>
  )
}
