/**
 * A learning language's name in the UI language (issue 41 item 18): the catalogue's `name` is English
 * ("Vietnamese"), so a Vietnamese screen said "Đang học Vietnamese". The languages we teach are named by
 * our own translations (`known`, navbar's `languageNames`); any other code by the browser's own table
 * (Intl.DisplayNames); the catalogue's name stands in where the browser has no name for the code.
 *
 * Our own names first because the browser's table is slow to open (issue 48): the first
 * Intl.DisplayNames loads the locale's language names, 200 ms of the navigation bar's first render on a
 * slow phone. Each UI language's table is opened once.
 */
const tables = new Map<string, Intl.DisplayNames | null>()

function tableOf(uiLanguage: string): Intl.DisplayNames | null {
  if (!tables.has(uiLanguage)) {
    try {
      tables.set(uiLanguage, new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' }))
    } catch {
      // An unknown UI language tag: RangeError.
      tables.set(uiLanguage, null)
    }
  }
  return tables.get(uiLanguage)!
}

export function languageName(code: string, catalogueName: string, uiLanguage: string, known?: (code: string) => string | undefined): string {
  const ours = known?.(code)
  if (ours) return ours
  try {
    return tableOf(uiLanguage)?.of(code) ?? catalogueName
  } catch {
    // A code the table refuses: RangeError.
    return catalogueName
  }
}
