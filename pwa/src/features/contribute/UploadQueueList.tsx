/**
 * The upload queue as the contributor sees it: one row per file, read live from Dexie, so it shows
 * the same thing after a reload or offline. Each row says where the file is (queued until the network
 * is back, waiting for the network, uploading with percent and speed, paused, processing with percent, ready, failed with the reason)
 * and offers what makes sense then. The screen stays awake while anything is uploading.
 */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Dialog } from '../../components/Dialog.tsx'
import type { UploadItem } from '../../data/uploads/upload-queue.ts'
import { cancelUpload, uploadQueue, useUploads } from '../../data/uploads/uploads.ts'
import { useTranslation } from 'react-i18next'
import { useOnline } from '../../data/runtime/connectivity.ts'
import { formatBytes, percentOf } from './format.ts'
import { useWakeLock } from './use-wake-lock.ts'
import { QueuedCaptions } from '../captions/QueuedCaptions.tsx'

/** Reasons the queue stores as codes; anything else is the server's own sentence. */
const KNOWN_REASONS = new Set(['signed_out', 'forbidden', 'too_large', 'gone', 'refused', 'processing_failed', 'lost_with_tab', 'not_on_device'])
/** Failed because the file itself is gone from this device: trying again cannot help. */
const FILE_GONE = new Set(['gone', 'lost_with_tab', 'not_on_device'])

export function UploadQueueList() {
  const { t } = useTranslation('contribute')
  const items = useUploads()
  const [cancelling, setCancelling] = useState<UploadItem | null>(null)
  useWakeLock(Boolean(items?.some((item) => item.status === 'uploading')))

  if (!items) return null
  return (
    <section className="contribute-queue" aria-labelledby="upload-queue-title" data-testid="upload-queue">
      <h2 id="upload-queue-title">{t('queue.title')}</h2>
      {items.length === 0 ? (
        <p className="muted">{t('queue.empty')}</p>
      ) : (
        <ul className="queue-list">
          {items.map((item) => (
            <QueueRow key={item.id} item={item} onCancel={() => setCancelling(item)} />
          ))}
        </ul>
      )}
      {cancelling ? (
        <Dialog
          title={t('queue.cancelTitle')}
          onClose={() => setCancelling(null)}
          footer={
            <>
              <button type="button" className="button button-ghost" onClick={() => setCancelling(null)}>
                {t('queue.keep')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  const item = cancelling
                  setCancelling(null)
                  void cancelUpload(item)
                }}
              >
                {t('queue.cancelConfirm')}
              </button>
            </>
          }
        >
          <p>{t('queue.cancelBody', { title: cancelling.title })}</p>
        </Dialog>
      ) : null}
    </section>
  )
}

function QueueRow({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  const { t, i18n } = useTranslation('contribute')
  const online = useOnline()
  const uploadPercent = percentOf(item.bytesSent, item.size)
  const sending = item.status === 'waiting' || item.status === 'uploading' || item.status === 'paused'
  // Failed before the last byte: the file is still on this device and can be sent again.
  const canRetry = item.status === 'failed' && item.bytesSent < item.size && !FILE_GONE.has(item.error ?? '')
  const reason = item.error ? (KNOWN_REASONS.has(item.error) ? t(`queue.reasons.${item.error}`) : item.error) : t('queue.reasons.refused')

  let state: string
  let percent: number | null = null
  switch (item.status) {
    case 'waiting':
      if (!online && item.bytesSent === 0) {
        // Nothing has left the device yet (often not even the details): it is simply queued.
        state = t('queue.state.queuedOffline')
      } else {
        state = online ? t('queue.state.retrying', { percent: uploadPercent }) : t('queue.state.waitingNetwork', { percent: uploadPercent })
        percent = uploadPercent
      }
      break
    case 'uploading':
      state =
        item.submissionId === undefined
          ? t('queue.state.creating')
          : t('queue.state.uploading', { percent: uploadPercent, speed: formatBytes(item.speed, i18n.language) })
      percent = uploadPercent
      break
    case 'paused':
      state = t('queue.state.paused', { percent: uploadPercent })
      percent = uploadPercent
      break
    case 'processing':
      state = t('queue.state.processing', { percent: item.processingPercent })
      percent = item.processingPercent
      break
    case 'ready':
      state = t('queue.state.ready')
      break
    default:
      state = t('queue.state.failed', { reason })
  }

  return (
    <li className={`card queue-item queue-${item.status}`} data-testid="upload-item" data-status={item.status}>
      <div className="queue-head">
        <strong className="queue-title">{item.title}</strong>
        <span className="muted queue-file">
          {item.fileName} · {formatBytes(item.size, i18n.language)}
        </span>
      </div>
      <p className={item.status === 'failed' ? 'form-error queue-state' : 'queue-state'} data-testid="upload-state" aria-live="polite">
        {state}
      </p>
      {item.inMemory && sending ? (
        <p className="muted" data-testid="upload-in-memory">
          {t('queue.inMemory')}
        </p>
      ) : null}
      <QueuedCaptions captions={item.captions} />
      {percent !== null ? (
        <progress
          className={item.status === 'processing' ? 'queue-progress queue-progress-processing' : 'queue-progress'}
          max={100}
          value={percent}
          aria-label={state}
        />
      ) : null}
      <div className="contribute-actions">
        {item.status === 'uploading' || item.status === 'waiting' ? (
          <button type="button" className="button button-secondary button-small" onClick={() => void uploadQueue.pause(item.id)}>
            {t('queue.pause')}
          </button>
        ) : null}
        {item.status === 'paused' || canRetry ? (
          <button type="button" className="button button-secondary button-small" onClick={() => void uploadQueue.resume(item.id)}>
            {item.status === 'paused' ? t('queue.resume') : t('queue.retry')}
          </button>
        ) : null}
        {sending || canRetry ? (
          <button type="button" className="button button-ghost button-small" onClick={onCancel}>
            {t('queue.cancel')}
          </button>
        ) : (
          <button type="button" className="button button-ghost button-small" onClick={() => void uploadQueue.cancel(item.id)}>
            {t('queue.remove')}
          </button>
        )}
        {item.status === 'ready' || item.status === 'processing' ? (
          <Link className="button button-ghost button-small" to="/submissions">
            {t('queue.viewSubmissions')}
          </Link>
        ) : null}
      </div>
    </li>
  )
}
