/**
 * The landing page (/, signed-out visitors): what Dễ Hiểu is, a way in (Start watching / Sign in on an
 * open deployment; Coming soon and the waitlist on a pre-launch one, see features/public/launch.ts), how
 * it works, the contributor invitation, partner access and the photo credit. Part of the light public bundle:
 * no Dexie, no player, no upload code.
 */
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { DAILY_GOAL_OPTIONS } from '../../../contract/limits.ts'
import { usePageTitle } from '../components/PageFrame.tsx'
import { LANGUAGE_SELF_NAMES, PublicHeader } from '../features/public/PublicHeader.tsx'
import { PublicFooter } from '../features/public/PublicFooter.tsx'
import { WaitlistForm } from '../features/waitlist/WaitlistForm.tsx'
import { usePreLaunch } from '../features/public/launch.ts'
import { ALL_LANGUAGES } from '../i18n/config.ts'

const FEATURES = ['levels', 'goal', 'offline'] as const
const GOAL_RANGE = { min: DAILY_GOAL_OPTIONS[0], max: DAILY_GOAL_OPTIONS[DAILY_GOAL_OPTIONS.length - 1] }

export default function LandingPage() {
  const { t, i18n } = useTranslation(['landing', 'common'])
  const preLaunch = usePreLaunch()
  usePageTitle(t('landing:pageTitle'))
  const languages = ALL_LANGUAGES.map((code) => ({
    code,
    label: LANGUAGE_SELF_NAMES[code],
    current: i18n.resolvedLanguage === code,
    onSelect: () => void i18n.changeLanguage(code),
  }))

  return (
    <div className="public-page">
      <PublicHeader t={t} languages={languages} signedIn={false} />
      <main id="main" tabIndex={-1}>
        <section className="hero">
          <div className="hero-text">
            <p className="kicker">{t(preLaunch ? 'landing:hero.kicker' : 'landing:hero.kickerOpen')}</p>
            <h1>{t('landing:hero.title')}</h1>
            <p className="hero-lead">{t('landing:hero.lead')}</p>
            {preLaunch ? (
              <WaitlistForm t={t} />
            ) : (
              <div className="hero-actions" data-testid="landing-start">
                <Link className="button" to="/login">
                  {t('landing:hero.start')}
                </Link>
                <Link className="button button-secondary" to="/login">
                  {t('landing:nav.signIn')}
                </Link>
              </div>
            )}
          </div>
          <img
            className="hero-art"
            src="/hero-lanterns.svg"
            width="480"
            height="400"
            alt={t('landing:hero.imageAlt')}
            fetchPriority="high"
          />
        </section>

        <section className="public-section" aria-labelledby="what-title">
          <h2 id="what-title">{t('landing:what.title')}</h2>
          <p className="section-lead">{t('landing:what.body')}</p>
          <ul className="feature-grid">
            {FEATURES.map((feature) => (
              <li key={feature} className="feature">
                <h3>{t(`landing:what.features.${feature}.title`)}</h3>
                <p>{t(`landing:what.features.${feature}.body`, GOAL_RANGE)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="public-section band" aria-labelledby="how-title">
          <h2 id="how-title">{t('landing:how.title')}</h2>
          <p className="section-lead">{t('landing:how.body')}</p>
          <Link className="button button-secondary" to="/comprehensible-input">
            {t('landing:how.link')}
          </Link>
        </section>

        <div className="public-section two-up">
          <section className="card" aria-labelledby="contribute-title">
            <h2 id="contribute-title">{t('landing:contribute.title')}</h2>
            <p>{t('landing:contribute.body')}</p>
            <Link className="button" to="/apply">
              {t('landing:contribute.link')}
            </Link>
          </section>
          <section className="card" aria-labelledby="partners-title">
            <h2 id="partners-title">{t('landing:partners.title')}</h2>
            <p>{t('landing:partners.body')}</p>
          </section>
        </div>
      </main>
      <PublicFooter t={t} />
    </div>
  )
}
