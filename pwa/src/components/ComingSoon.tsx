/** The body of a page whose content arrives in a later release: says so plainly and offers a way on. */
import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { PageFrame } from './PageFrame.tsx'

export function ComingSoonPage({ title, description, backTo = '/languages' }: { title: string; description?: string; backTo?: string }) {
  const { t } = useTranslation('pages')
  return (
    <PageFrame title={title}>
      <section className="card coming-soon">
        <span className="tag">{t('comingSoon.tag')}</span>
        <p>{description ?? t('comingSoon.body')}</p>
        <Link className="button button-secondary" to={backTo}>
          {backTo === '/' ? t('comingSoon.home') : t('comingSoon.back')}
        </Link>
      </section>
    </PageFrame>
  )
}
