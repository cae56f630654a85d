/** What shows while a page's code, its translations or the session load: calm, and announced politely. */
import { useTranslation } from 'react-i18next'

export function PageLoading() {
  // No suspense here: this is the fallback that shows while translations themselves may be loading.
  const { t } = useTranslation('common', { useSuspense: false })
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading', 'Loading…')}</span>
    </div>
  )
}
