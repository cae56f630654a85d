/** "Download my data": the whole export as JSON, and the watch history as CSV for a spreadsheet. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NetworkError } from '../../data/api.ts'
import { downloadExport, type ExportFormat } from '../../data/account/download-export.ts'

export function DataExportSection() {
  const { t } = useTranslation('account')
  const [state, setState] = useState<{ busy: ExportFormat | null; error: 'failed' | 'offline' | null }>({ busy: null, error: null })

  async function download(format: ExportFormat) {
    setState({ busy: format, error: null })
    try {
      await downloadExport(format)
      setState({ busy: null, error: null })
    } catch (error) {
      setState({ busy: null, error: error instanceof NetworkError ? 'offline' : 'failed' })
    }
  }

  return (
    <section className="card account-section" aria-labelledby="account-data" data-testid="account-data">
      <h2 id="account-data">{t('data.title')}</h2>
      <p className="account-text">{t('data.body')}</p>
      <div className="account-actions">
        <button type="button" className="button button-secondary" onClick={() => void download('json')} disabled={state.busy !== null}>
          {state.busy === 'json' ? t('data.preparing') : t('data.json')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void download('csv')} disabled={state.busy !== null}>
          {state.busy === 'csv' ? t('data.preparing') : t('data.csv')}
        </button>
      </div>
      <p className="field-hint">{t('data.csvHint')}</p>
      <p className="form-error" role="status">
        {state.error ? t(`data.${state.error}`) : ''}
      </p>
    </section>
  )
}
