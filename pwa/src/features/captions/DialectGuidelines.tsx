/** The dialects as a short list: in the guidelines popup of the upload form and on the guidance page. */
import { useTranslation } from 'react-i18next'
import { DIALECTS } from '../../../../contract/vocabulary.ts'
import './captions.css'

export function DialectGuidelines() {
  const { t } = useTranslation('captions')
  return (
    <section className="dialect-guidelines" data-testid="dialect-guidelines">
      <h3>{t('dialectGuide.title')}</h3>
      <p className="muted">{t('dialectGuide.intro')}</p>
      <dl className="level-guidelines">
        {DIALECTS.map((dialect) => (
          <div key={dialect} className="level-guideline">
            <dt>{t(`dialectLong.${dialect}`)}</dt>
            <dd className="muted">{t(`dialectGuide.${dialect}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
