/**
 * Before a download: the video or the audio alone (where the video has the audio-only rendition), each
 * with its size, the quality, and the button. On a card (`compact`): the button alone, in the
 * preferred quality.
 */
import { useTranslation } from 'react-i18next'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { DOWNLOAD_QUALITIES } from '../../data/downloads/download-preferences.ts'
import type { DownloadKind } from '../../data/downloads/record.ts'
import { formatMegabytes } from './format-bytes.ts'

export function DownloadStart({
  videoId,
  video,
  compact,
  audioOffered,
  kind,
  onKind,
  videoQuality,
  onQuality,
  videoSize,
  onStart,
}: {
  videoId: number
  video?: VideoDetail
  compact: boolean
  audioOffered: boolean
  kind: DownloadKind
  onKind: (kind: DownloadKind) => void
  videoQuality: number
  onQuality: (height: number) => void
  /** The video's size in the quality chosen, as a line, once known. */
  videoSize: string | null
  onStart: () => void
}) {
  const { t, i18n } = useTranslation('downloads')
  return (
    <div className={audioOffered && !compact ? 'download-start with-kinds' : 'download-start'}>
      {/* The video or the audio alone, each with its size (only where the video has audio only). */}
      {audioOffered && !compact ? (
        <fieldset className="download-kinds" data-testid="download-kinds">
          <legend className="visually-hidden">{t('kind')}</legend>
          {(['video', 'audio'] as const).map((option) => (
            <label key={option} className={kind === option ? 'download-kind chosen' : 'download-kind'} data-testid={`download-kind-${option}`}>
              <input type="radio" name={`download-kind-${videoId}`} value={option} checked={kind === option} onChange={() => onKind(option)} />
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
          <select value={videoQuality} onChange={(event) => onQuality(Number(event.target.value))} aria-label={t('quality')}>
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
      <button type="button" className="button button-secondary button-small" onClick={onStart} data-testid="download-start" aria-label={compact ? t('download') : undefined}>
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
}
