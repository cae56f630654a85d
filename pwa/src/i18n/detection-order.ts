/**
 * The order of the UI languages to try, from what the visitor has said. On its own (no storage helpers,
 * no i18next) so the landing page's first script can ask it too (entry.ts).
 */
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
