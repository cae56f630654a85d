/** Picks the language being learned; its flag comes from /{code}_flag.svg with the globe as fallback. */
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { Flag } from '../../components/Flag.tsx'
import { ChevronDownIcon } from '../../components/icons.tsx'
import { Menu } from '../../components/Menu.tsx'
import { useCachedLanguages } from '../../data/catalogue/languages.ts'
import { selectLanguage, useSelectedLanguage } from '../languages/selected-language.ts'
import { languageName } from '../languages/language-name.ts'

/** A page of one language: its code, then which page (a video's page is under `videos`). */
const LANGUAGE_PAGE = /^\/languages\/([^/]+)\/(videos|progress)/

export function LanguagePicker() {
  const { t, i18n } = useTranslation('navbar')
  const languages = useCachedLanguages()
  const selected = useSelectedLanguage(languages)
  const current = languages?.find((language) => language.code === selected)
  // The languages we teach by our own names: the browser's table is slow to open (issue 48).
  const ours = (code: string) => (i18n.exists(`languageNames.${code}`, { ns: 'navbar' }) ? t(`languageNames.${code}` as 'languageNames.vi') : undefined)
  const nameOf = (language: { code: string; name: string }) => languageName(language.code, language.name, i18n.language, ours)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  // A page of one language (a shared link, a bookmark, the installed app reopening where it was)
  // makes that language the chosen one, as choosing it would: the picker and the menu's Watch and
  // Progress then agree with the page.
  const languagePage = LANGUAGE_PAGE.exec(pathname)
  const pageLanguage = languagePage?.[1]
  useEffect(() => {
    if (pageLanguage && pageLanguage !== selected && languages?.some((language) => language.code === pageLanguage)) selectLanguage(pageLanguage)
  }, [pageLanguage, selected, languages])

  function choose(code: string) {
    selectLanguage(code)
    // On a page of one language, follow the switch to the same page of the new one.
    if (languagePage) navigate(`/languages/${code}/${languagePage[2]}`)
  }

  return (
    <Menu
      label={current ? t('languagePicker.current', { language: nameOf(current) }) : t('languagePicker.select')}
      buttonClassName="button button-ghost picker-button"
      align="start"
      testId="language-picker"
      button={
        <>
          <Flag code={current?.code ?? null} />
          <span className="picker-name">{current ? nameOf(current) : t('languagePicker.select')}</span>
          <ChevronDownIcon />
        </>
      }
    >
      {(close) =>
        languages && languages.length > 0 ? (
          languages.map((language) => (
            <button
              key={language.code}
              type="button"
              role="menuitemradio"
              aria-checked={language.code === selected}
              className="menu-item"
              onClick={() => {
                choose(language.code)
                close()
              }}
            >
              <Flag code={language.code} />
              <span>
                {nameOf(language)}{' '}
                {/* In the language's own UI the two names are one ("Tiếng Việt"): said once. */}
                {nameOf(language) === language.native_name ? null : (
                  <span className="muted" lang={language.code}>
                    {language.native_name}
                  </span>
                )}
              </span>
            </button>
          ))
        ) : (
          <span role="menuitem" aria-disabled="true" className="menu-item">
            {t('languagePicker.none')}
          </span>
        )
      }
    </Menu>
  )
}
