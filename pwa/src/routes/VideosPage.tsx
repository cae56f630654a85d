/** The videos page: its frame and title now; its content arrives with its own release. */
import { useTranslation } from '../i18n/react.ts'
import { ComingSoonPage } from '../components/ComingSoon.tsx'

export default function VideosPage() {
  const { t } = useTranslation('pages')
  return <ComingSoonPage title={t('videos.title')} description={t('videos.description')} />
}
