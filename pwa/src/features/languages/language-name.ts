/**
 * A learning language's name in the UI language (issue 41 item 18): the catalogue's `name` is English
 * ("Vietnamese"), so a Vietnamese screen said "Đang học Vietnamese". The browser's own table of
 * language names (Intl.DisplayNames) says "Tiếng Việt"; the catalogue's name stands in where the
 * browser has no name for the code.
 */
export function languageName(code: string, catalogueName: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' }).of(code) ?? catalogueName
  } catch {
    // An unknown UI language tag or code: RangeError.
    return catalogueName
  }
}
