/** A download begun and not finished: its bar, percent and megabytes, why it waits or stopped, pause or resume, and cancel. */
import { useTranslation } from 'react-i18next'
import type { DownloadRecord } from '../../data/downloads/record.ts'
import { downloadPercent, formatMegabytes } from './format-bytes.ts'

export function DownloadUnderway({ record, running, onPause, onResume, onCancel }: { record: DownloadRecord; running: boolean; onPause: () => void; onResume: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('downloads')
  const percent = downloadPercent(record)
  return (
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
          <button type="button" className="button button-ghost button-small" onClick={onPause}>
            {t('pause')}
          </button>
        ) : (
          <button type="button" className="button button-ghost button-small" onClick={onResume}>
            {t('resume')}
          </button>
        )}
        <button type="button" className="button button-ghost button-small" onClick={onCancel}>
          {t('cancel')}
        </button>
      </span>
    </div>
  )
}
