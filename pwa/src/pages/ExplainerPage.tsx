/**
 * "How it works": comprehensible input explained, with a call to browse videos. /comprehensible-input
 * follows the interface language; /en/, /vi/ and /zh-Hant-HK/ are fixed copies of it.
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { DAILY_GOAL_OPTIONS } from '../../../contract/limits.ts'
import { usePageTitle } from '../components/PageFrame.tsx'
import { LANGUAGE_SELF_NAMES, PublicHeader } from '../features/public/PublicHeader.tsx'
import { PublicFooter } from '../features/public/PublicFooter.tsx'
import { useSession } from '../data/session/session.ts'
import { ALL_LANGUAGES } from '../i18n/config.ts'

const LEVELS = ['introductory', 'beginner', 'intermediate', 'advanced'] as const

export default function ExplainerPage({ language }: { language?: string }) {
  const { t, i18n } = useTranslation(['explainer', 'landing'], language ? { lng: language } : undefined)
  usePageTitle(t('explainer:pageTitle'))
  const { status } = useSession()
  const shown = language ?? i18n.resolvedLanguage ?? 'en'

  useEffect(() => {
    if (!language) return
    const previous = document.documentElement.lang
    document.documentElement.lang = language
    return () => {
      document.documentElement.lang = previous
    }
  }, [language])

  const languages = ALL_LANGUAGES.map((code) => ({
    code,
    label: LANGUAGE_SELF_NAMES[code],
    current: shown === code,
    to: `/${code}/`,
  }))

  return (
    <div className="public-page" lang={language}>
      <PublicHeader t={t} languages={languages} signedIn={status === 'signed-in'} />
      <main id="main" tabIndex={-1} className="explainer">
        <header className="explainer-hero">
          <p className="kicker">{t('explainer:kicker')}</p>
          <h1>{t('explainer:title')}</h1>
          <p className="hero-lead">{t('explainer:intro')}</p>
        </header>

        <section className="public-section prose" aria-labelledby="ci-what">
          <h2 id="ci-what">{t('explainer:what.title')}</h2>
          <p>{t('explainer:what.body1')}</p>
          <p>{t('explainer:what.body2')}</p>
        </section>

        <section className="public-section prose" aria-labelledby="ci-why">
          <h2 id="ci-why">{t('explainer:why.title')}</h2>
          <p>{t('explainer:why.body')}</p>
        </section>

        <section className="public-section" aria-labelledby="ci-levels">
          <h2 id="ci-levels">{t('explainer:levels.title')}</h2>
          <p className="section-lead">{t('explainer:levels.body')}</p>
          <ol className="level-list">
            {LEVELS.map((level) => (
              <li key={level} className={`level level-${level}`}>
                <h3>{t(`explainer:levels.${level}.name`)}</h3>
                <p className="level-length">{t(`explainer:levels.${level}.length`)}</p>
                <p>{t(`explainer:levels.${level}.body`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="public-section prose" aria-labelledby="ci-daily">
          <h2 id="ci-daily">{t('explainer:daily.title')}</h2>
          <p>{t('explainer:daily.body', { min: DAILY_GOAL_OPTIONS[0], max: DAILY_GOAL_OPTIONS[DAILY_GOAL_OPTIONS.length - 1] })}</p>
        </section>

        <section className="public-section cta band" aria-labelledby="ci-cta">
          <h2 id="ci-cta">{t('explainer:cta.title')}</h2>
          <p className="section-lead">{t('explainer:cta.body')}</p>
          <Link className="button button-large" to={status === 'signed-in' ? '/languages' : '/login'}>
            {t('explainer:cta.button')}
          </Link>
        </section>
      </main>
      <PublicFooter t={t} />
    </div>
  )
}
