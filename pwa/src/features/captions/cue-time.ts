/** A moment in a video as people read it next to a line: 1:24, or 1:02:05 past the hour. */
export function formatCueTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = String(whole % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** A start time from a link (`?t=84`), or 0 when there is none or it is not a time. */
export function startFromQuery(value: string | null): number {
  if (value === null) return 0
  const seconds = Number(value)
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
}
