/** What premium gives (spec section 1), shown before buying and again once it is bought. */
import { useTranslation } from 'react-i18next'

export function PremiumBenefits({ heading }: { heading: string }) {
  const { t } = useTranslation('billing')
  return (
    <section className="card premium-benefits" aria-labelledby="premium-benefits-heading">
      <h2 id="premium-benefits-heading">{heading}</h2>
      <ul className="benefit-list">
        <li>{t('benefits.videos')}</li>
        <li>{t('benefits.comments')}</li>
        <li>{t('benefits.name')}</li>
        <li>{t('benefits.support')}</li>
      </ul>
    </section>
  )
}
