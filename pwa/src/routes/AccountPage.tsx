/** The account page: its frame and title now; its content arrives with its own release. */
import { useTranslation } from '../i18n/react.ts'
import { ComingSoonPage } from '../components/ComingSoon.tsx'

export default function AccountPage() {
  const { t } = useTranslation('pages')
  return <ComingSoonPage title={t('account.title')} description={t('account.description')} />
}
