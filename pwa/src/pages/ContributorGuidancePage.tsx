/** /contributor-guidance: how to make a video learners understand, with the level guidelines of spec section 9. */
import { Link } from 'react-router-dom'
import { PageFrame } from '../components/PageFrame.tsx'
import { LevelGuidelinesList } from '../features/contribute/LevelGuidelines.tsx'
import { DialectGuidelines } from '../features/captions/DialectGuidelines.tsx'
import { useTranslation } from 'react-i18next'
import '../features/contribute/contribute.css'

const TIPS = ['visuals', 'speech', 'repeat', 'noSubtitles', 'sound', 'release'] as const

export default function ContributorGuidancePage() {
  const { t } = useTranslation('contribute')
  return (
    <PageFrame title={t('guidance.title')}>
      <p className="lead">{t('guidance.intro')}</p>
      <section className="card contribute-section" aria-labelledby="guidance-levels">
        <h2 id="guidance-levels">{t('guidelines.title')}</h2>
        <p className="muted">{t('guidelines.intro')}</p>
        <LevelGuidelinesList />
        <DialectGuidelines />
      </section>
      <section className="card contribute-section" aria-labelledby="guidance-tips">
        <h2 id="guidance-tips">{t('guidance.tipsTitle')}</h2>
        <ul className="contribute-tips">
          {TIPS.map((tip) => (
            <li key={tip}>{t(`guidance.tips.${tip}`)}</li>
          ))}
        </ul>
      </section>
      <div className="contribute-actions">
        <Link className="button" to="/upload">
          {t('guidance.toUpload')}
        </Link>
        <Link className="button button-secondary" to="/contributor-resources">
          {t('guidance.toResources')}
        </Link>
      </div>
    </PageFrame>
  )
}
