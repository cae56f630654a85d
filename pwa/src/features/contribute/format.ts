/** Sizes and speeds for people: "12.4 MB", "850 KB/s", in the interface language's number style. */
const UNITS = ['B', 'KB', 'MB', 'GB'] as const

export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  return `${value.toLocaleString(language, { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${UNITS[unit]}`
}

export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0
  return Math.max(0, Math.min(100, Math.floor((part / whole) * 100)))
}
