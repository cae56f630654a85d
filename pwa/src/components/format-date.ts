/**
 * Dates a person reads, in one unambiguous form per UI language: "2 Dec 2026" (en), "2 thg 12, 2026"
 * (vi), "2026年12月2日" (zh-Hant-HK). A numeric date such as "12/2/2026" reads as 12 February to most of
 * the world, so English takes the day-first British order; the month is always a word or marked as one.
 * Formatters are kept per language: making one loads the locale's data.
 */
const LOCALE_FOR: Record<string, string> = { en: 'en-GB' }

const dayFormats = new Map<string, Intl.DateTimeFormat>()
const dayTimeFormats = new Map<string, Intl.DateTimeFormat>()

function formatter(cache: Map<string, Intl.DateTimeFormat>, language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_FOR[language] ?? language, options)
    cache.set(language, format)
  }
  return format
}

/** The day alone: "2 Dec 2026". */
export function formatDay(when: Date | string | number, language: string): string {
  return formatter(dayFormats, language, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(when))
}

/** The day and the time of day: "2 Dec 2026, 14:05". */
export function formatDayAndTime(when: Date | string | number, language: string): string {
  return formatter(dayTimeFormats, language, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(when))
}
