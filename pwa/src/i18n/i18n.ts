/**
 * i18next for the whole app. Each locales/<lng>/<ns>.json becomes its own small chunk through a
 * dynamic import, so only what a page needs is fetched, and the service worker precaches every chunk
 * so translations work offline (stack-notes section 8). Detection (detect-language.ts): local storage
 * (i18nextLng), then the browser, then the page's lang attribute; fallback English.
 */
import i18n from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { ALL_LANGUAGES, FALLBACK_LANGUAGE } from './config.ts'
import { languageDetector } from './detect-language.ts'

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json')

function loadBundle(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = bundles[`../../../locales/${language}/${namespace}.json`]
  // zh-Hant-HK has only the public pages' namespaces; the rest falls back to English.
  return load ? load().then((module) => module.default) : Promise.resolve({})
}

export const i18nReady = i18n
  .use(resourcesToBackend(loadBundle))
  .use(languageDetector)
  .init({
    supportedLngs: [...ALL_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  })

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language
})

export default i18n
