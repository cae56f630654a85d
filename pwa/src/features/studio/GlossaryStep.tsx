/**
 * SLOT for the glossary (issue 44; built on branch studio-panels as
 * features/studio-glossary/GlossaryPanel.tsx with props { submissionId, language }, merged by the
 * lead): it loads the suggestions and the saved glossary and saves them itself. Until it lands, this
 * step says so.
 */
import { useTranslation } from 'react-i18next'

export function GlossaryStep({ submissionId, language }: { submissionId: number; language: string }) {
  const { t } = useTranslation('studio')
  return (
    <div className="studio-glossary" data-testid="glossary-slot" data-submission-id={submissionId} data-language={language}>
      <h2 className="studio-heading">{t('glossary.heading')}</h2>
      <p className="muted">{t('glossary.soon')}</p>
    </div>
  )
}
