/** The user menu's "Install app" where the browser has no prompt (iPhone and iPad Safari): how to add it to the Home Screen. */
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'

export default function InstallDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('common')
  return (
    <Dialog
      title={t('install.label')}
      onClose={onClose}
      testId="install-dialog"
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t('install.done')}
        </button>
      }
    >
      <p>{t('install.iosHowTo')}</p>
    </Dialog>
  )
}
