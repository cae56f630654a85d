/**
 * i18next for the whole app. Each locales/<lng>/<ns>.json becomes its own small chunk through a
 * dynamic import (a resources-to-backend loader), so only what a page needs is fetched, and the service
 * worker precaches every chunk so translations work offline (stack-notes section 8). Detection (detect-language.ts): local storage
 * (i18nextLng), then the browser, then the page's lang attribute; fallback English.
 * React reads it through react-i18next (initReactI18next): useTranslation(ns) suspends until the page's
 * namespaces are loaded (pages sit inside <Suspense>, so no raw keys show), and a language change
 * re-renders only once i18next has loaded every namespace in use for the new language.
 */
import i18n from 'i18next'
import type { BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { ALL_LANGUAGES, FALLBACK_LANGUAGE } from './config.ts'
import { languageDetector } from './detect-language.ts'

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json')

function loadBundle(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = bundles[`../../../locales/${language}/${namespace}.json`]
  // zh-Hant-HK has only some namespaces (config.ts); the rest falls back to English.
  return load ? load().then((module) => module.default) : Promise.resolve({})
}

/**
 * What i18next-resources-to-backend does, in the few lines this app needs: the bundle map above only
 * holds our own files, so no other path can be asked for.
 */
const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadBundle(language, namespace).then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

export const i18nReady = i18n
  .use(bundleBackend)
  .use(languageDetector)
  .use(initReactI18next)
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
