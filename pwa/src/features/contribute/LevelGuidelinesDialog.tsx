/** The proficiency guidelines popup of the upload form. */
import { Dialog } from '../../components/Dialog.tsx'
import { useTranslation } from 'react-i18next'
import { LevelGuidelinesList } from './LevelGuidelines.tsx'
import { DialectGuidelines } from '../captions/DialectGuidelines.tsx'

export function LevelGuidelinesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('contribute')
  return (
    <Dialog
      title={t('guidelines.title')}
      onClose={onClose}
      testId="level-guidelines"
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <p className="muted">{t('guidelines.intro')}</p>
      <LevelGuidelinesList />
      <DialectGuidelines />
    </Dialog>
  )
}
