/**
 * /languages: the languages taught. The list comes from the local database, so it shows offline; the
 * network refresh (started by the signed-in frame) updates it in place. Choosing one saves it.
 */
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { Flag } from '../components/Flag.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { refreshLanguages, useCachedLanguages, useLanguagesFetchState } from '../data/catalogue/languages.ts'
import { selectLanguage, useSelectedLanguage } from '../features/languages/selected-language.ts'
import './LanguagesPage.css'

export default function LanguagesPage() {
  const { t } = useTranslation('pages')
  const languages = useCachedLanguages()
  const fetchState = useLanguagesFetchState()
  const selected = useSelectedLanguage(languages)

  let body: React.ReactNode
  if (languages === undefined || (languages.length === 0 && (fetchState === 'loading' || fetchState === 'idle'))) {
    body = <p className="muted">{t('languages.loading')}</p>
  } else if (languages.length === 0) {
    body = (
      <div className="card empty-state" role="alert">
        <p>{fetchState === 'offline' ? t('languages.offlineEmpty') : t('languages.failed')}</p>
        <button type="button" className="button button-secondary" onClick={() => void refreshLanguages()}>
          {t('languages.retry')}
        </button>
      </div>
    )
  } else {
    body = (
      <ul className="language-list" data-testid="language-list">
        {languages.map((language) => (
          <li key={language.code}>
            <Link
              className={language.code === selected ? 'language-card selected' : 'language-card'}
              to={`/languages/${language.code}/videos`}
              onClick={() => selectLanguage(language.code)}
              aria-current={language.code === selected ? 'true' : undefined}
            >
              <Flag code={language.code} size={56} />
              <span className="language-text">
                <span className="language-name">{language.name}</span>
                <span className="language-native" lang={language.code}>
                  {language.native_name}
                </span>
                <span className="language-count">{t('languages.videoCount', { count: language.video_count })}</span>
                {language.code === selected ? <span className="tag language-tag">{t('languages.current')}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <PageFrame title={t('languages.title')}>
      <p className="lead">{t('languages.intro')}</p>
      {body}
    </PageFrame>
  )
}
