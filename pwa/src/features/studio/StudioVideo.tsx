/**
 * The studio's video: the submission's processed HLS (hls.js on demand, as SubmissionPlayer), its
 * element handed to the steps through `videoRef` so a tap reads the exact playback time, and the
 * playback time reported to the screen as it moves.
 */
import { useEffect, useState, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { attachHls, type Playback } from '../../player/hls-playback.ts'

export function StudioVideo({ src, videoRef, onTime, children }: { src: string | null; videoRef: RefObject<HTMLVideoElement | null>; onTime: (seconds: number) => void; children?: ReactNode }) {
  const { t } = useTranslation('studio')
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const element = videoRef.current
    if (!element || !src) return
    let playback: Playback | null = null
    let gone = false
    attachHls(element, src, { onFatal: () => setFailed(true) })
      .then((attached) => {
        if (gone) attached.destroy()
        else playback = attached
      })
      .catch(() => setFailed(true))
    const report = () => onTime(element.currentTime)
    element.addEventListener('timeupdate', report)
    element.addEventListener('seeked', report)
    return () => {
      gone = true
      element.removeEventListener('timeupdate', report)
      element.removeEventListener('seeked', report)
      playback?.destroy()
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
