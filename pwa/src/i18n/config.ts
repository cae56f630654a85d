/** Which UI languages exist and which namespaces each has; shared by the i18n setup and its tests. */
export const UI_LANGUAGES = ['en', 'vi'] as const
export const ALL_LANGUAGES = ['en', 'vi', 'zh-Hant-HK'] as const
export const FALLBACK_LANGUAGE = 'en'
export const NAMESPACES = ['common', 'navbar', 'settings', 'landing', 'explainer', 'auth', 'pages', 'watch', 'contribute', 'admin', 'billing', 'downloads', 'captions', 'compass', 'account', 'review', 'words', 'words-progress', 'studio', 'studio-panels'] as const
/**
 * Traditional Chinese (Hong Kong) covers the two public pages (spec section 1) and, since issue 46, the
 * learner's screens (the frame, the list and player, the transcript, words, review, progress, the compass, downloads, settings, the welcome and language pages); the other
 * namespaces (contributors', admins', billing, ...) fall back to English.
 */
export const PARTIAL_LANGUAGE_NAMESPACES: Record<string, readonly string[]> = {
  'zh-Hant-HK': ['landing', 'explainer', 'common', 'navbar', 'settings', 'watch', 'words', 'words-progress', 'review', 'captions', 'downloads', 'compass', 'pages'],
}

/**
 * Browsers report Hong Kong Chinese as zh-HK (or zh-Hant, zh-TW, zh-MO); i18next alone would not map
 * those to our zh-Hant-HK bundle, so the detector converts them first.
 */
export function normalizeLanguage(code: string): string {
  if (/^zh[-_](hant|hk|tw|mo)/i.test(code)) return 'zh-Hant-HK'
  return code
}
