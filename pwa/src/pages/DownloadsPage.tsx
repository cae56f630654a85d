/**
 * /downloads: every downloaded video with its size, quality and date, the space used and free, delete
 * one or all, and the smart downloads settings.
 */
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { PageFrame } from '../components/PageFrame.tsx'
import { downloads } from '../data/downloads/downloads.ts'
import { downloadKind } from '../data/downloads/record.ts'
import { DownloadControls } from '../features/downloads/DownloadControls.tsx'
import { formatMegabytes } from '../features/downloads/format-bytes.ts'
import { SmartDownloadsSettings } from '../features/downloads/SmartDownloadsSettings.tsx'
import { useAllDownloads } from '../data/downloads/use-downloads.ts'
import { useTranslation } from 'react-i18next'
import '../features/downloads/downloads.css'
import { formatDay } from '../components/format-date.ts'

function useStorageEstimate(dependency: unknown) {
  const [estimate, setEstimate] = useState<{ usage?: number; quota?: number } | null>(null)
  useEffect(() => {
    void navigator.storage?.estimate?.().then(setEstimate)
  }, [dependency])
  return estimate
}

export default function DownloadsPage() {
  const { t, i18n } = useTranslation('downloads')
  const all = useAllDownloads()
  const estimate = useStorageEstimate(all?.length)
  const used = (all ?? []).reduce((sum, record) => sum + record.bytesDone, 0)

  return (
    <PageFrame title={t('title')}>
      <p className="lead">{t('intro')}</p>
      <dl className="downloads-summary" data-testid="downloads-summary">
        <div>
          <dt>{t('usedByDownloads')}</dt>
          <dd>{formatMegabytes(used, i18n.language)}</dd>
        </div>
        {estimate?.quota !== undefined ? (
          <div>
            <dt>{t('freeOnDevice')}</dt>
            <dd>{formatMegabytes(Math.max(0, estimate.quota - (estimate.usage ?? 0)), i18n.language)}</dd>
          </div>
        ) : null}
      </dl>
      {all === undefined ? null : all.length === 0 ? (
        <div className="card empty-state">
          <p>{t('empty')}</p>
        </div>
      ) : (
        <>
          <ul className="downloads-list" data-testid="downloads-list">
            {all.map((record) => (
              <li key={record.videoId} className="card downloads-item">
                <div>
                  <h2>
                    <Link to={`/languages/${record.languageCode}/videos/${record.videoId}`}>{record.title}</Link>
                  </h2>
                  <p className="meta">
                    {t(downloadKind(record) === 'audio' ? 'itemMetaAudio' : 'itemMeta', {
                      size: formatMegabytes(record.status === 'complete' ? record.bytesDone : record.bytesTotal, i18n.language),
                      quality: record.height,
                      date: formatDay(record.completedAt ?? record.createdAt, i18n.language),
                    })}
                    {record.smart ? ` · ${t('smartTag')}` : ''}
                  </p>
                </div>
                <DownloadControls videoId={record.videoId} detailsShown />
              </li>
            ))}
          </ul>
          <div className="downloads-toolbar">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                if (window.confirm(t('deleteAllConfirm'))) void downloads.removeAll()
              }}
            >
              {t('deleteAll')}
            </button>
          </div>
        </>
      )}
      <SmartDownloadsSettings />
    </PageFrame>
  )
}
