/** The sample-script popup of the application form: what to say in the short application video. */
import { Dialog } from '../../components/Dialog.tsx'
import { useTranslation } from 'react-i18next'

export function SampleScriptDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('contribute')
  return (
    <Dialog
      title={t('apply.script.title')}
      onClose={onClose}
      testId="sample-script"
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <p className="muted">{t('apply.script.intro')}</p>
      <blockquote className="sample-script" lang="vi">
        <p>Xin chào! Tôi tên là … Tôi đến từ …</p>
        <p>Hôm nay trời đẹp quá. Tôi thích đi dạo trong công viên và uống cà phê sữa đá.</p>
        <p>Đây là cái ly. Cái ly màu xanh. Tôi uống nước bằng cái ly này.</p>
        <p>Cảm ơn bạn đã xem. Hẹn gặp lại!</p>
      </blockquote>
      <p className="field-hint">{t('apply.script.translation')}</p>
      <ul className="field-hint">
        <li>{t('apply.script.tip1')}</li>
        <li>{t('apply.script.tip2')}</li>
        <li>{t('apply.script.tip3')}</li>
      </ul>
    </Dialog>
  )
}
