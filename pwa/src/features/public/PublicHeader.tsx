/** The header of the public pages (landing, explainer): brand, how it works, sign in, page language. */
import { Link } from 'react-router-dom'
import type { TFunction } from 'i18next'
import { BrandMark } from '../../components/brand-mark.tsx'
import { SelfName } from './SelfNameGlyph.tsx'

export interface LanguageLink {
  code: string
  label: string
  current: boolean
  /** A link to another copy of the page, or a switch of the interface language. */
  to?: string
  onSelect?: () => void
}

export function PublicHeader({ t, languages, signedIn }: { t: TFunction; languages: LanguageLink[]; signedIn: boolean }) {
  return (
    <header className="public-header">
      <div className="public-header-inner">
        <Link to="/" className="brand">
          <BrandMark />
          <span className="brand-name">Dễ Hiểu</span>
        </Link>
        <nav className="public-nav" aria-label={t('landing:nav.label')}>
          <Link to="/comprehensible-input" className="public-nav-link">
            {t('landing:nav.howItWorks')}
          </Link>
          <Link to={signedIn ? '/languages' : '/login'} className="button button-small">
            {signedIn ? t('landing:nav.openApp') : t('landing:nav.signIn')}
          </Link>
        </nav>
        <div className="language-switch" role="group" aria-label={t('landing:nav.language')}>
          {languages.map((language) =>
            language.to ? (
              <Link
                key={language.code}
                to={language.to}
                lang={language.code}
                hrefLang={language.code}
                aria-current={language.current ? 'page' : undefined}
                className="language-switch-option"
              >
                <SelfName label={language.label} />
              </Link>
            ) : (
              <button
                key={language.code}
                type="button"
                lang={language.code}
                aria-pressed={language.current}
                className="language-switch-option"
                onClick={language.onSelect}
              >
                <SelfName label={language.label} />
              </button>
            ),
          )}
        </div>
      </div>
    </header>
  )
}

/** Each UI language named in itself, as a language switch should. */
export const LANGUAGE_SELF_NAMES: Record<string, string> = { en: 'EN', vi: 'VI', 'zh-Hant-HK': '繁' }
