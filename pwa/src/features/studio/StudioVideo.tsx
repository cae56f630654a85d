/**
 * The studio's video: the submission's processed HLS (hls.js on demand, as SubmissionPlayer), its
 * element handed to the steps through `videoRef` so a tap reads the exact playback time, and the
 * playback time reported to the screen as it moves.
 */
import { useEffect, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useHlsVideo } from '../../player/use-hls-video.ts'

export function StudioVideo({ src, videoRef, onTime, children }: { src: string | null; videoRef: RefObject<HTMLVideoElement | null>; onTime: (seconds: number) => void; children?: ReactNode }) {
  const { t } = useTranslation('studio')
  const { failed } = useHlsVideo(videoRef, src)

  useEffect(() => {
    const element = videoRef.current
    if (!element || !src) return
    const report = () => onTime(element.currentTime)
    element.addEventListener('timeupdate', report)
    element.addEventListener('seeked', report)
    return () => {
      element.removeEventListener('timeupdate', report)
      element.removeEventListener('seeked', report)
    }
  }, [src, videoRef, onTime])

  return (
    <div className="studio-video">
      <div className="studio-picture">
        <video ref={videoRef} controls playsInline aria-label={t('video.label')} data-testid="studio-video" />
        {children}
      </div>
      {!src ? <p className="muted">{t('video.notReady')}</p> : null}
      {failed ? (
        <p className="form-error" role="alert">
          {t('video.failed')}
        </p>
      ) : null}
    </div>
  )
}
