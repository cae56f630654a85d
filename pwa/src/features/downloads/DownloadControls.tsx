/**
 * "Download for offline" for one video: choose the video (in a quality, remembered) or, where the video
 * has the audio-only rendition, the audio alone (commute mode: a few MB), each with its size; see the size
 * checked against free space before anything is fetched, follow progress in percent and megabytes,
 * pause, resume, cancel, and delete. Says so when the browser refuses persistent storage (and, on
 * iPhone and iPad, that installing the app keeps downloads from being cleared).
 *
 * The parts: DownloadStart.tsx (before), DownloadUnderway.tsx (during), download-error-message.ts.
 */
import { useState } from 'react'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { downloads } from '../../data/downloads/downloads.ts'
import { isIosBrowser } from '../../data/downloads/storage-space.ts'
import { useTranslation } from 'react-i18next'
import { preferredKind, preferredQuality, savePreferredKind, savePreferredQuality } from '../../data/downloads/download-preferences.ts'
import { AUDIO_ONLY } from '../../data/downloads/hls-manifest.ts'
import { downloadKind, type DownloadKind, type DownloadRecord } from '../../data/downloads/record.ts'
import { downloadErrorMessage } from './download-error-message.ts'
import { DownloadStart } from './DownloadStart.tsx'
import { DownloadUnderway } from './DownloadUnderway.tsx'
import { formatMegabytes } from './format-bytes.ts'
import { useDownloadSize } from './use-download-size.ts'
import { useDownload } from '../../data/downloads/use-downloads.ts'
import './downloads.css'

/**
 * `video`: the page's freshly fetched detail, if it has one; the download then starts from its grant.
 * `detailsShown`: the size and quality are already on screen beside these controls (the Downloads
 * page), so a finished download's tag does not repeat them.
 */
export function DownloadControls(props: { videoId: number; video?: VideoDetail; compact?: boolean; detailsShown?: boolean }) {
  return <DownloadControlsOf {...props} live={useDownload(props.videoId)} />
}

/**
 * The same controls with the video's download record read by the caller (`live`: null for none, undefined
 * while Dexie answers): a list of videos reads every record in one live query (issue 48).
 */
export function DownloadControlsOf({
  videoId,
  video,
  live,
  compact = false,
  detailsShown = false,
}: {
  videoId: number
  video?: VideoDetail
  live: DownloadRecord | null | undefined
  compact?: boolean
  detailsShown?: boolean
}) {
  const { t, i18n } = useTranslation('downloads')
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
      setMessage(downloadErrorMessage(error, t, i18n.language))
    }
  }

  if (record === undefined) return null
  const videoSize =
    planned === undefined
      ? null
      : planned.quality === videoQuality
        ? t('sizeBeforeStart', { size: formatMegabytes(planned.bytes, i18n.language) })
        : t('sizeBeforeStartInQuality', { size: formatMegabytes(planned.bytes, i18n.language), quality: planned.quality })
  const notice = message ?? (persistRefused && record?.status === 'complete' ? t(isIosBrowser() ? 'persistRefusedIos' : 'persistRefused') : null)
  return (
    <div className={compact ? 'download-controls compact' : 'download-controls'} data-testid="download-controls">
      {!record ? (
        <DownloadStart
          videoId={videoId}
          video={video}
          compact={compact}
          audioOffered={audioOffered}
          kind={kind}
          onKind={(option) => {
            setKind(option)
            savePreferredKind(option)
          }}
          videoQuality={videoQuality}
          onQuality={(height) => {
            setQuality(height)
            savePreferredQuality(height)
          }}
          videoSize={videoSize}
          onStart={() => void start()}
        />
      ) : record.status === 'complete' ? (
        <DownloadDone record={record} compact={compact} detailsShown={detailsShown} onDelete={() => void downloads.remove(videoId)} />
      ) : (
        <DownloadUnderway
          record={record}
          running={record.status === 'downloading' && downloads.isActive(videoId)}
          onPause={() => void downloads.pause(videoId)}
          onResume={() => void start()}
          onCancel={() => void downloads.remove(videoId)}
        />
      )}
      {notice ? (
        <p className="notice-inline" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  )
}

function DownloadDone({ record, compact, detailsShown, onDelete }: { record: DownloadRecord; compact: boolean; detailsShown: boolean; onDelete: () => void }) {
  const { t, i18n } = useTranslation('downloads')
  const size = formatMegabytes(record.bytesDone, i18n.language)
  return (
    <div className="download-done">
      <span className="tag tag-success" data-testid="download-complete">
        {detailsShown ? t('playsOffline') : downloadKind(record) === 'audio' ? t('downloadedAudio', { size }) : t('downloaded', { size, quality: record.height })}
      </span>
      {compact ? null : (
        <button type="button" className="button button-ghost button-small" onClick={onDelete}>
          {t('delete')}
        </button>
      )}
    </div>
  )
}
