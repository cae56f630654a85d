/** "Delete this submission?": confirmed or cancelled, and closed only when no delete is under way. */
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'

export function DeleteSubmissionDialog({ busy, onCancel, onConfirm }: { busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('contribute')
  return (
    <Dialog
      title={t('submissions.deleteTitle')}
      onClose={onCancel}
      canClose={!busy}
      testId="delete-dialog"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {t('submissions.delete')}
          </button>
        </>
      }
    >
      <p>{t('submissions.deleteConfirm')}</p>
    </Dialog>
  )
}
