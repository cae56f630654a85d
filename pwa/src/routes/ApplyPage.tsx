/** /apply (public): the contributor application's frame; the form itself arrives with its own release. */
import { useTranslation } from '../i18n/react.ts'
import { ComingSoonPage } from '../components/ComingSoon.tsx'
import { useSession } from '../features/session/session.ts'

export default function ApplyPage() {
  const { t } = useTranslation('pages')
  const { status } = useSession()
  return (
    <ComingSoonPage
      title={t('apply.title')}
      description={t('apply.description')}
      backTo={status === 'signed-in' ? '/languages' : '/'}
    />
  )
}
