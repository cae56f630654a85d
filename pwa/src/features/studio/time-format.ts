/** A cue's time as the studio shows and reads it: "1:04.3" (minutes, seconds, tenths; milliseconds when they matter). */
export function formatTime(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const minutes = Math.floor(ms / 60_000)
  const rest = (ms % 60_000) / 1000
  const text = rest.toFixed(ms % 100 === 0 ? 1 : 3)
  return `${minutes}:${rest < 10 ? '0' : ''}${text}`
}

/** "1:04.3", "64.3" or "0:01:04.3" read as seconds; null for anything else. */
export function parseTime(text: string): number | null {
  const parts = text.trim().replace(',', '.').split(':')
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null
  return parts.reduce((total, part) => total * 60 + Number(part), 0)
}
