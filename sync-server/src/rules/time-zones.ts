/**
 * Local days in a user's IANA zone. Formatters are costly to build and are used on hot paths (daily
 * progress), so one is kept per zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(zone, formatter)
  }
  return formatter
}

export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false
  if (formatters.has(zone)) return true
  try {
    formatterFor(zone)
    return true
  } catch {
    return false
  }
}

/** `YYYY-MM-DD` of the instant in the zone (en-CA formats dates in exactly that order). */
export function localDay(epochMs: number, zone: string): string {
  return formatterFor(zone).format(epochMs)
}

// Within one zone the day cannot change inside a minute that starts on a whole UTC minute (zone
// offsets are whole minutes), so answers are kept per zone and minute: "today" is asked on every
// signed-in call.
const todayCache = new Map<string, { minute: number; day: string }>()

export function localToday(epochMs: number, zone: string): string {
  const minute = Math.floor(epochMs / 60_000)
  const cached = todayCache.get(zone)
  if (cached && cached.minute === minute) return cached.day
  const day = localDay(epochMs, zone)
  todayCache.set(zone, { minute, day })
  return day
}
