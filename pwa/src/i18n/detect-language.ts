/**
 * Which UI language to start in: the stored choice (i18nextLng), then the browser's languages, then the
 * page's lang attribute (spec section 9). i18next picks the first supported match from this list.
 * A few lines here instead of i18next-browser-languagedetector keep the landing page's JavaScript small.
 */
import type { LanguageDetectorModule } from 'i18next'
import { readString, STORAGE_KEYS, writeString } from '../data/storage.ts'
import { ALL_LANGUAGES, normalizeLanguage } from './config.ts'

/**
 * Each candidate becomes a language we have (exact, else its language part: vi-VN → vi), in order.
 * Done here rather than left to i18next, which prefers any exact match anywhere in the list over an
 * earlier regional one, so a browser saying ['vi-VN', 'en'] would get English.
 */
export function detectionOrder(
  sources: { stored: string | null; browser: readonly string[]; page: string | null },
  supported: readonly string[] = ALL_LANGUAGES,
): string[] {
  const found: string[] = []
  for (const candidate of [sources.stored, ...sources.browser, sources.page]) {
    if (!candidate) continue
    const code = normalizeLanguage(candidate)
    const base = code.split('-')[0]
    const match = supported.find((language) => language.toLowerCase() === code.toLowerCase()) ?? supported.find((language) => language === base)
    if (match && !found.includes(match)) found.push(match)
  }
  return found
}

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
