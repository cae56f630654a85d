/**
 * "Download for offline" for one video: choose the video (in a quality, remembered) or, where the video
 * has the audio-only rendition, the audio alone (commute mode: a few MB), each with its size; see the size
 * checked against free space before anything is fetched, follow progress in percent and megabytes,
 * pause, resume, cancel, and delete. Says so when the browser refuses persistent storage (and, on
 * iPhone and iPad, that installing the app keeps downloads from being cleared).
 */
import { useState } from 'react'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { downloads } from '../../data/downloads/downloads.ts'
import { DownloadError, type DownloadRecord } from '../../data/downloads/download-manager.ts'
import { isIosBrowser } from '../../data/downloads/storage-space.ts'
import { useTranslation } from 'react-i18next'
import { DOWNLOAD_QUALITIES, preferredKind, preferredQuality, savePreferredKind, savePreferredQuality } from '../../data/downloads/download-preferences.ts'
import { AUDIO_ONLY } from '../../data/downloads/hls-manifest.ts'
import { downloadKind, type DownloadKind } from '../../data/downloads/record.ts'
import { downloadPercent, formatMegabytes } from './format-bytes.ts'
import { useDownloadSize } from './use-download-size.ts'
import { useDownload } from '../../data/downloads/use-downloads.ts'
import './downloads.css'

/**
 * `video`: the page's freshly fetched detail, if it has one; the download then starts from its grant.
 * `detailsShown`: the size and quality are already on screen beside these controls (the Downloads
 * page), so a finished download's tag does not repeat them.
 */
export function DownloadControls({ videoId, video, compact = false, detailsShown = false }: { videoId: number; video?: VideoDetail; compact?: boolean; detailsShown?: boolean }) {
  const { t, i18n } = useTranslation('downloads')
  const live = useDownload(videoId)
  // The download this press completed, as the manager wrote it: shown at once, while the live record of
  // that same download (its createdAt) still says downloading; it says complete a moment later, after
  // the page's own render.
  const [completed, setCompleted] = useState<DownloadRecord | null>(null)
  const sameDownload = live?.status === 'downloading' && completed?.videoId === live.videoId && completed.createdAt === live.createdAt
  const record = sameDownload ? completed : live
  const [videoQuality, setQuality] = useState<number>(preferredQuality() ?? 360)
  // Audio only is offered where the fresh detail says the video has the rendition (a video made before
  // it has none); the choice is remembered, like the quality.
  const audioOffered = Boolean(video?.audio_only && video.playback?.audio_hls_url)
  const [chosenKind, setKind] = useState<DownloadKind>(preferredKind)
  const kind: DownloadKind = audioOffered ? chosenKind : 'video'
  const quality = kind === 'audio' ? AUDIO_ONLY : videoQuality
  const [message, setMessage] = useState<string | null>(null)
  // The browser's answer to "keep my downloads", when it said no: shown with the finished download, in
  // the same render as "Downloaded" (the answer comes a moment before the record says complete, and
  // two renders would move the page below twice).
  const [persistRefused, setPersistRefused] = useState(false)
  const planned = useDownloadSize(record === null ? video : undefined, videoQuality)

  async function start() {
    setMessage(null)
    setPersistRefused(false)
    setCompleted(null)
    try {
      const { persistence, completed } = await downloads.start(videoId, quality, video, { isNew: record === null })
      if (completed) setCompleted(completed)
      if (persistence === 'refused') setPersistRefused(true)
    } catch (error) {
      setMessage(errorMessage(error))
    }
  }

  function errorMessage(error: unknown): string {
    if (!(error instanceof DownloadError)) return t('failed')
    switch (error.code) {
      case 'no_space':
        return t('noSpace', {
          needed: formatMegabytes(error.details.neededBytes ?? 0, i18n.language),
          free: formatMegabytes(error.details.freeBytes ?? 0, i18n.language),
        })
      case 'not_entitled':
        return t('notEntitled')
      case 'network':
        return t('offlineWillResume')
      default:
        return t('failed')
    }
  }

  if (record === undefined) return null
  const size = record ? formatMegabytes(record.status === 'complete' ? record.bytesDone : record.bytesTotal, i18n.language) : ''

  const videoSize =
    planned === undefined
      ? null
      : planned.quality === videoQuality
        ? t('sizeBeforeStart', { size: formatMegabytes(planned.bytes, i18n.language) })
        : t('sizeBeforeStartInQuality', { size: formatMegabytes(planned.bytes, i18n.language), quality: planned.quality })
  let body: React.ReactNode
  if (!record) {
    body = (
      <div className={audioOffered && !compact ? 'download-start with-kinds' : 'download-start'}>
        {/* The video or the audio alone, each with its size (only where the video has audio only). */}
        {audioOffered && !compact ? (
          <fieldset className="download-kinds" data-testid="download-kinds">
            <legend className="visually-hidden">{t('kind')}</legend>
            {(['video', 'audio'] as const).map((option) => (
              <label key={option} className={kind === option ? 'download-kind chosen' : 'download-kind'} data-testid={`download-kind-${option}`}>
                <input
                  type="radio"
                  name={`download-kind-${videoId}`}
                  value={option}
                  checked={kind === option}
                  onChange={() => {
                    setKind(option)
                    savePreferredKind(option)
                  }}
                />
                <span className="download-kind-name">{t(option === 'video' ? 'kindVideo' : 'kindAudio')}</span>
                <span className="download-kind-size muted" data-testid={`download-kind-${option}-size`}>
                  {option === 'audio' ? t('sizeBeforeStart', { size: formatMegabytes(video!.audio_only!.bytes_estimate, i18n.language) }) : (videoSize ?? '\u00a0')}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {/* On a card: one button in the preferred quality; the video page offers the choice and the size. */}
        {compact || kind === 'audio' ? null : (
        <label className="download-quality">
          <span className="visually-hidden">{t('quality')}</span>
          <select
            value={videoQuality}
            onChange={(event) => {
              const height = Number(event.target.value)
              setQuality(height)
              savePreferredQuality(height)
            }}
            aria-label={t('quality')}
          >
            {DOWNLOAD_QUALITIES.map((height) => (
              <option key={height} value={height}>
                {t('qualityOption', { height })}
              </option>
            ))}
          </select>
        </label>
        )}
        {/* The video may not have the quality chosen: then the line says which one it gets. With the
            choice of kinds shown, each kind carries its size instead. */}
        {videoSize !== null && !compact && !audioOffered ? (
          <span className="download-size muted" data-testid="download-size">
            {videoSize}
          </span>
        ) : null}
        <button type="button" className="button button-secondary button-small" onClick={() => void start()} data-testid="download-start" aria-label={compact ? t('download') : undefined}>
          {compact ? t('downloadShort') : t(kind === 'audio' ? 'downloadAudio' : 'download')}
        </button>
        {/* A video made before the audio-only rendition existed: said, so nobody looks for the choice. */}
        {video && !video.audio_only && !compact ? (
          <span className="download-no-audio muted" data-testid="download-no-audio">
            {t('noAudioOnly')}
          </span>
        ) : null}
      </div>
    )
  } else if (record.status === 'complete') {
    body = (
      <div className="download-done">
        <span className="tag tag-success" data-testid="download-complete">
          {detailsShown ? t('playsOffline') : downloadKind(record) === 'audio' ? t('downloadedAudio', { size }) : t('downloaded', { size, quality: record.height })}
        </span>
        {compact ? null : (
          <button type="button" className="button button-ghost button-small" onClick={() => void downloads.remove(videoId)}>
            {t('delete')}
          </button>
        )}
      </div>
    )
  } else {
    const percent = downloadPercent(record)
    const running = record.status === 'downloading' && downloads.isActive(videoId)
    body = (
      <div className="download-progress">
        <div className="download-bar" role="progressbar" aria-label={t('progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className="download-fill" style={{ transform: `scaleX(${percent / 100})` }} />
        </div>
        <span className="download-figures" data-testid="download-percent">
          {t('progressText', {
            percent,
            done: formatMegabytes(record.bytesDone, i18n.language),
            total: formatMegabytes(record.bytesTotal, i18n.language),
          })}
          {record.status === 'waiting_for_network' ? ` · ${t('waitingForNetwork')}` : ''}
          {record.status === 'paused' ? ` · ${t('paused')}` : ''}
          {record.status === 'failed' ? ` · ${t(record.error === 'no_space' ? 'stoppedNoSpace' : 'stopped')}` : ''}
        </span>
        <span className="download-actions">
          {running ? (
            <button type="button" className="button button-ghost button-small" onClick={() => void downloads.pause(videoId)}>
              {t('pause')}
            </button>
          ) : (
            <button type="button" className="button button-ghost button-small" onClick={() => void start()}>
              {t('resume')}
            </button>
          )}
          <button type="button" className="button button-ghost button-small" onClick={() => void downloads.remove(videoId)}>
            {t('cancel')}
          </button>
        </span>
      </div>
    )
  }

  const notice = message ?? (persistRefused && record?.status === 'complete' ? t(isIosBrowser() ? 'persistRefusedIos' : 'persistRefused') : null)
  return (
    <div className={compact ? 'download-controls compact' : 'download-controls'} data-testid="download-controls">
      {body}
      {notice ? (
        <p className="notice-inline" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  )
}
