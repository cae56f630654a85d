/**
 * Which UI language to start in: the stored choice (i18nextLng), then the browser's languages, then the
 * page's lang attribute (spec section 9). i18next picks the first supported match from this list.
 * A few lines here instead of i18next-browser-languagedetector keep the landing page's JavaScript small.
 */
import type { LanguageDetectorModule } from 'i18next'
import { readString, STORAGE_KEYS, writeString } from '../data/storage.ts'
import { detectionOrder } from './detection-order.ts'

export { detectionOrder }

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    return detectionOrder({
      stored: readString(STORAGE_KEYS.uiLanguage),
      browser: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
      page: typeof document === 'undefined' ? null : document.documentElement.lang || null,
    })
  },
  cacheUserLanguage(language: string) {
    writeString(STORAGE_KEYS.uiLanguage, language)
  },
}
