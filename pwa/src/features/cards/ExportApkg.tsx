/** "Export to Anki (.apkg)": the language's cards as an Anki package, downloaded (data/cards/export-apkg.ts). */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadApkg } from '../../data/cards/export-apkg.ts'

export function ExportApkg({ language }: { language: string }) {
  const { t } = useTranslation('review')
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  return (
    <section className="review-export" aria-label={t('export.label')}>
      <button
        type="button"
        className="button button-secondary"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy')
          downloadApkg(language).then(
            () => setState('idle'),
            () => setState('failed'),
          )
        }}
        data-testid="review-export"
      >
        {state === 'busy' ? t('export.busy') : t('export.button')}
      </button>
      {state === 'failed' ? (
        <p className="form-error" role="alert">
          {t('export.failed')}
        </p>
      ) : (
        <p className="muted small">{t('export.explain')}</p>
      )}
    </section>
  )
}
