/**
 * Plays a submission's processed video. hls.js is imported only when someone presses play here
 * (player/hls-playback.ts loads it on demand), so it never weighs on other pages.
 */
import { useEffect, useRef, useState } from 'react'
import { attachHls, type Playback } from '../../player/hls-playback.ts'
import { useTranslation } from 'react-i18next'

export function SubmissionPlayer({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation('contribute')
  const video = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const element = video.current
    if (!element) return
    let playback: Playback | null = null
    let gone = false
    attachHls(element, src, { onFatal: () => setFailed(true) })
      .then((attached) => {
        if (gone) attached.destroy()
        else playback = attached
      })
      .catch(() => setFailed(true))
    return () => {
      gone = true
      playback?.destroy()
    }
  }, [src])

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
